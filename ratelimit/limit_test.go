package ratelimit_test

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/ratelimit"
)

func TestParseLimit(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want ratelimit.Limit
		str  string // String of the result; "" means in
	}{
		{in: "off", want: ratelimit.Off},
		{in: "100/s", want: ratelimit.PerSecond(100)},
		{in: "600/m", want: ratelimit.PerMinute(600)},
		{in: "5000/h", want: ratelimit.PerHour(5000)},
		{in: "10/30s", want: ratelimit.Limit{Count: 10, Period: 30 * time.Second}},
		{in: "3/1m30s", want: ratelimit.Limit{Count: 3, Period: 90 * time.Second}},
		{in: "2/250ms", want: ratelimit.Limit{Count: 2, Period: 250 * time.Millisecond}},
		{in: "2/2h", want: ratelimit.Limit{Count: 2, Period: 2 * time.Hour}},
		{in: "5/2m", want: ratelimit.Limit{Count: 5, Period: 2 * time.Minute}},
		{in: "1/24h", want: ratelimit.Limit{Count: 1, Period: 24 * time.Hour}},
		{in: "7/1s", want: ratelimit.PerSecond(7), str: "7/s"},
		{in: "60/60s", want: ratelimit.PerMinute(60), str: "60/m"},
		{in: "1000000/s", want: ratelimit.PerSecond(1000000)},
		{in: " 5/m ", want: ratelimit.PerMinute(5), str: "5/m"},
	} {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ratelimit.ParseLimit(tt.in)
			if err != nil || got != tt.want {
				t.Fatalf("ParseLimit = %+v, %v; want %+v", got, err, tt.want)
			}
			str := tt.str
			if str == "" {
				str = tt.in
			}
			if got.String() != str {
				t.Errorf("String = %q, want %q", got.String(), str)
			}
			if back, err := ratelimit.ParseLimit(got.String()); err != nil || back != got {
				t.Errorf("ParseLimit(String) = %+v, %v; want %+v", back, err, got)
			}
		})
	}
}

func TestParseLimitInvalid(t *testing.T) {
	for _, in := range []string{
		"", "100", "/s", "0/s", "-1/s", "+1/s", "1.5/s", "x/s", "1/", "1/d", "1/week", "1/-1s",
		"1/0s", "1/500us", "1/1500us", "1/25h", "2000001/2s", "OFF", "none", "1/s/s",
	} {
		t.Run(in, func(t *testing.T) {
			if l, err := ratelimit.ParseLimit(in); !errors.Is(err, ratelimit.ErrInvalidLimit) {
				t.Errorf("ParseLimit(%q) = %+v, %v; want ErrInvalidLimit", in, l, err)
			}
		})
	}
}

func TestLimitInterval(t *testing.T) {
	for _, tt := range []struct {
		l    ratelimit.Limit
		want time.Duration
	}{
		{ratelimit.Off, 0},
		{ratelimit.PerSecond(4), 250 * time.Millisecond},
		{ratelimit.PerMinute(600), 100 * time.Millisecond},
		{ratelimit.PerHour(1), time.Hour},
	} {
		if got := tt.l.Interval(); got != tt.want {
			t.Errorf("%s: Interval = %s, want %s", tt.l, got, tt.want)
		}
	}
}

// TestLimitJSON: a Limit is text in JSON (and so in YAML config files).
func TestLimitJSON(t *testing.T) {
	type doc struct {
		Rate ratelimit.Limit `json:"rate"`
	}
	b, err := json.Marshal(doc{ratelimit.PerMinute(600)})
	if err != nil || string(b) != `{"rate":"600/m"}` {
		t.Fatalf("Marshal = %s, %v", b, err)
	}
	var d doc
	if err := json.Unmarshal([]byte(`{"rate":"10/30s"}`), &d); err != nil || d.Rate != (ratelimit.Limit{Count: 10, Period: 30 * time.Second}) {
		t.Errorf("Unmarshal = %+v, %v", d, err)
	}
	if err := json.Unmarshal([]byte(`{"rate":"10/fortnight"}`), &d); !errors.Is(err, ratelimit.ErrInvalidLimit) {
		t.Errorf("Unmarshal of a bad limit: %v, want ErrInvalidLimit", err)
	}
}

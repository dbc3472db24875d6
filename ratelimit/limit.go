package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// ErrInvalidLimit is wrapped by the errors of ParseLimit, Limit.Validate and
// a Limiter given an invalid Limit.
var ErrInvalidLimit = errors.New("ratelimit: invalid limit")

// Bounds of a Limit's Period.
const (
	MinPeriod = time.Millisecond
	MaxPeriod = 24 * time.Hour
)

// Limit is at most Count requests per Period: a sustained rate of one
// request every Period/Count, with bursts of up to Count. The zero Limit
// (Count 0, written "off") is no limit; a non-zero Count needs a Period
// between MinPeriod and MaxPeriod, a whole number of milliseconds, and at
// most one request per microsecond (Count ≤ Period in microseconds).
type Limit struct {
	Count  int
	Period time.Duration
}

// Off is the zero Limit: no limit.
var Off = Limit{}

// PerSecond, PerMinute and PerHour return n requests per second, minute or
// hour.
func PerSecond(n int) Limit { return Limit{Count: n, Period: time.Second} }
func PerMinute(n int) Limit { return Limit{Count: n, Period: time.Minute} }
func PerHour(n int) Limit   { return Limit{Count: n, Period: time.Hour} }

// IsOff reports whether l is no limit (Count 0).
func (l Limit) IsOff() bool { return l.Count == 0 }

// Validate returns nil for a usable Limit (Off included), and otherwise an
// error wrapping ErrInvalidLimit that says why.
func (l Limit) Validate() error {
	bad := func(why string) error { return fmt.Errorf("%w %s: %s", ErrInvalidLimit, l, why) }
	switch {
	case l.Count < 0:
		return bad("negative count")
	case l.Count == 0:
		return nil
	case l.Period < MinPeriod || l.Period > MaxPeriod:
		return bad(fmt.Sprintf("the period must be between %s and %s", MinPeriod, MaxPeriod))
	case l.Period%time.Millisecond != 0:
		return bad("the period must be a whole number of milliseconds")
	case int64(l.Count) > l.Period.Microseconds():
		return bad("more than one request per microsecond")
	}
	return nil
}

// Interval is the sustained spacing of requests, Period/Count; zero for Off.
func (l Limit) Interval() time.Duration {
	if l.Count <= 0 {
		return 0
	}
	return l.Period / time.Duration(l.Count)
}

// String writes l as ParseLimit reads it: "off", "100/s", "600/m", "5/h",
// or N/DURATION for other periods ("10/30s", "3/1m30s", "2/250ms").
func (l Limit) String() string {
	if l.Count == 0 {
		return "off"
	}
	n := strconv.Itoa(l.Count)
	switch l.Period {
	case time.Second:
		return n + "/s"
	case time.Minute:
		return n + "/m"
	case time.Hour:
		return n + "/h"
	}
	return n + "/" + shortDuration(l.Period)
}

// shortDuration is d.String without zero trailing units: 2h, not 2h0m0s.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = s[:len(s)-2]
	}
	if strings.HasSuffix(s, "h0m") {
		s = s[:len(s)-2]
	}
	return s
}

// ParseLimit reads a limit written N/PERIOD, where PERIOD is a unit (s, m
// or h: one second, minute or hour) or a Go duration (30s, 1m30s, 250ms,
// 24h): "100/s", "600/m", "10/30s". "off" is no limit. The result is valid
// (see Limit.Validate); errors wrap ErrInvalidLimit.
func ParseLimit(s string) (Limit, error) {
	s = strings.TrimSpace(s)
	if s == "off" {
		return Off, nil
	}
	bad := func(why string) (Limit, error) {
		return Limit{}, fmt.Errorf("%w %q: %s (want N/PERIOD such as 100/s, 600/m, 10/30s, or off)", ErrInvalidLimit, s, why)
	}
	num, per, ok := strings.Cut(s, "/")
	if !ok {
		return bad("no /")
	}
	n, err := strconv.Atoi(num)
	if err != nil || n <= 0 || strings.HasPrefix(num, "+") {
		return bad("N must be a positive whole number")
	}
	if per != "" && (per[0] < '0' || per[0] > '9') {
		per = "1" + per // "s" is one second
	}
	d, err := time.ParseDuration(per)
	if err != nil {
		return bad("PERIOD must be s, m, h or a duration such as 30s")
	}
	l := Limit{Count: n, Period: d}
	if err := l.Validate(); err != nil {
		return Limit{}, err
	}
	return l, nil
}

// MarshalText writes l as String does, so a Limit reads and writes as text
// in JSON and YAML.
func (l Limit) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// UnmarshalText reads l as ParseLimit does.
func (l *Limit) UnmarshalText(b []byte) error {
	v, err := ParseLimit(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// Decision is a Limiter's answer for one request.
type Decision struct {
	// Allowed says whether the request may proceed; it has then been
	// counted.
	Allowed bool
	// RetryAfter, when the request is refused, is how long until the key
	// may make one more request. Zero when Allowed.
	RetryAfter time.Duration
}

// Limiter decides whether a request for key may proceed under limit. A
// refused request is not counted. An Off limit is always allowed; an invalid
// one is an error wrapping ErrInvalidLimit. Any other error is a failure to
// decide (a shared store is unreachable); see Fallback. Implementations are
// safe for concurrent use.
type Limiter interface {
	Allow(ctx context.Context, key string, limit Limit) (Decision, error)
}

package apikey

import (
	"errors"
	"net/netip"
	"strings"
	"testing"

	"github.com/mr-tron/base58"
)

func TestParseAllowedIP(t *testing.T) {
	tests := []struct {
		in      string
		want    string
		wantErr bool
	}{
		{in: "192.0.2.1", want: "192.0.2.1/32"},
		{in: " 192.0.2.1 ", want: "192.0.2.1/32"},
		{in: "10.9.8.7/8", want: "10.0.0.0/8"},
		{in: "0.0.0.0/0", want: "0.0.0.0/0"},
		{in: "2001:db8::1", want: "2001:db8::1/128"},
		{in: "2001:DB8:1::/48", want: "2001:db8:1::/48"},
		{in: "::/0", want: "::/0"},
		{in: "::ffff:192.0.2.1", want: "192.0.2.1/32"},
		{in: "::ffff:192.0.2.0/120", want: "192.0.2.0/24"},
		{in: "::ffff:0:0/96", want: "0.0.0.0/0"},
		{in: "", wantErr: true},
		{in: "example.com", wantErr: true},
		{in: "192.0.2.1/33", wantErr: true},
		{in: "192.0.2/24", wantErr: true},
		{in: "fe80::1%eth0", wantErr: true},
		{in: "2001:db8::/129", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseAllowedIP(tt.in)
			if tt.wantErr {
				if !errors.Is(err, ErrInvalid) {
					t.Errorf("ParseAllowedIP(%q) = %v, %v; want ErrInvalid", tt.in, got, err)
				}
				return
			}
			if err != nil || got != netip.MustParsePrefix(tt.want) {
				t.Errorf("ParseAllowedIP(%q) = %v, %v; want %s", tt.in, got, err, tt.want)
			}
		})
	}
}

func TestNormalizeOrigin(t *testing.T) {
	tests := []struct {
		in      string
		want    string
		wantErr bool
	}{
		{in: "https://app.example", want: "https://app.example"},
		{in: "HTTPS://App.Example", want: "https://app.example"},
		{in: "https://app.example/", want: "https://app.example"},
		{in: "https://app.example:443", want: "https://app.example"},
		{in: "http://app.example:80", want: "http://app.example"},
		{in: "http://app.example:443", want: "http://app.example:443"},
		{in: "https://app.example:8443", want: "https://app.example:8443"},
		{in: "http://127.0.0.1:3000", want: "http://127.0.0.1:3000"},
		{in: "http://[::1]:3000", want: "http://[::1]:3000"},
		{in: "http://[2001:DB8::1]", want: "http://[2001:db8::1]"},
		{in: "chrome-extension://abcdefghijklmnop", want: "chrome-extension://abcdefghijklmnop"},
		{in: "", wantErr: true},
		{in: "*", wantErr: true},
		{in: "null", wantErr: true},
		{in: "app.example", wantErr: true},
		{in: "https://", wantErr: true},
		{in: "https://app.example/path", wantErr: true},
		{in: "https://app.example//", wantErr: true},
		{in: "https://app.example?x=1", wantErr: true},
		{in: "https://app.example?", wantErr: true},
		{in: "https://app.example#top", wantErr: true},
		{in: "https://user@app.example", wantErr: true},
		{in: "https://app.example:https", wantErr: true},
		{in: "http://[fe80::1%25eth0]", wantErr: true},
		{in: "https://*.example", wantErr: true},
		{in: "https://a b.example", wantErr: true},
		{in: "http://[::ffff:192.0.2.1]", want: "http://[::ffff:192.0.2.1]"},
		{in: "http://[2001:db8:0:0::1]", want: "http://[2001:db8::1]"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := NormalizeOrigin(tt.in)
			if tt.wantErr {
				if !errors.Is(err, ErrInvalid) {
					t.Errorf("NormalizeOrigin(%q) = %q, %v; want ErrInvalid", tt.in, got, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("NormalizeOrigin(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
			}
		})
	}
}

func TestPermits(t *testing.T) {
	k := Key{
		AllowedIPs:     []netip.Prefix{netip.MustParsePrefix("192.0.2.0/24"), netip.MustParsePrefix("2001:db8::/32")},
		AllowedOrigins: []string{"https://app.example"},
	}
	tests := []struct {
		name   string
		key    Key
		client string
		origin string
		want   error
	}{
		{"allowed IPv4, no origin", k, "192.0.2.9", "", nil},
		{"allowed IPv6, allowed origin", k, "2001:db8::9", "https://app.example", nil},
		{"mapped IPv4", k, "::ffff:192.0.2.9", "", nil},
		{"IP checked first", k, "203.0.113.1", "https://evil.example", ErrIPNotAllowed},
		{"wrong origin", k, "192.0.2.9", "https://evil.example", ErrOriginNotAllowed},
		{"garbage origin", k, "192.0.2.9", "%%%", ErrOriginNotAllowed},
		{"no restrictions", Key{}, "203.0.113.1", "https://evil.example", nil},
		{"origins only", Key{AllowedOrigins: k.AllowedOrigins}, "203.0.113.1", "https://app.example", nil},
		{"IPs only", Key{AllowedIPs: k.AllowedIPs}, "192.0.2.1", "https://evil.example", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.key.Permits(netip.MustParseAddr(tt.client), tt.origin)
			if err != tt.want {
				t.Errorf("Permits(%s, %q) = %v, want %v", tt.client, tt.origin, err, tt.want)
			}
		})
	}
}

func TestSecretShape(t *testing.T) {
	seen := map[string]bool{}
	for range 100 {
		s := newSecret()
		if len(s) != len(SecretPrefix)+44 || s[:len(SecretPrefix)] != SecretPrefix {
			t.Fatalf("secret %q: want %s and 44 base58 characters", s, SecretPrefix)
		}
		if b, err := base58.Decode(s[len(SecretPrefix):]); err != nil || len(b) < 32 {
			t.Fatalf("secret %q: base58 of %d bytes, %v; want at least 32", s, len(b), err)
		}
		if err := checkSecret(s); err != nil {
			t.Fatalf("generated secret fails checkSecret: %v", err)
		}
		if seen[s] {
			t.Fatalf("secret %q twice", s)
		}
		seen[s] = true
		if id := newID(); !idPattern.MatchString(id) {
			t.Fatalf("ID %q does not match %v", id, idPattern)
		}
	}
	for _, tt := range []struct{ secret, want string }{
		{"m0k_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH", "m0k_abcdefgh"}, // generated: 12
		{"0123456789abcdef", "0123"},                                         // shortest chosen: a quarter
		{"0123456789abcdefghij", "01234"},                                    // a quarter, rounded down
		{strings.Repeat("x", 256), "xxxxxxxxxxxx"},                           // never more than 12
	} {
		if got := displayPrefix(tt.secret); got != tt.want {
			t.Errorf("displayPrefix(%q) = %q, want %q", tt.secret, got, tt.want)
		}
	}
}

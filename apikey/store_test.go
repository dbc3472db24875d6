package apikey_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/sync/errgroup"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/internal/testing/testclock"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/ratelimit"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// TestConformance runs the Store and Cache tests over a real database on
// every storagetest backend: SQLite file, SQLite in memory and PostgreSQL.
func TestConformance(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		runStoreTests(t, func(t *testing.T) *storage.DB { return storagetest.Open(t, newConfig(t)) })
	})
}

// runStoreTests runs every test below. open must return a freshly opened,
// empty (migrated) database on every call, closed when t ends.
func runStoreTests(t *testing.T, open func(t *testing.T) *storage.DB) {
	tests := []struct {
		name string
		fn   func(t *testing.T, e *env)
	}{
		{"CreateAuthenticate", testCreateAuthenticate},
		{"WrongSecret", testWrongSecret},
		{"List", testList},
		{"Get", testGet},
		{"Revoke", testRevoke},
		{"RevokedKeyUnknown", testRevokedKeyUnknown},
		{"NameUniqueness", testNameUniqueness},
		{"ConcurrentCreateSameName", testConcurrentCreateSameName},
		{"InvalidNewKey", testInvalidNewKey},
		{"AllowedIPsRoundTrip", testAllowedIPsRoundTrip},
		{"AllowedOriginsRoundTrip", testAllowedOriginsRoundTrip},
		{"SecretNotStored", testSecretNotStored},
		{"FixedSecret", testFixedSecret},
		{"EnsureKey", testEnsureKey},
		{"EnsureKeyConcurrent", testEnsureKeyConcurrent},
		{"CacheTTL", testCacheTTL},
		{"CacheRevoke", testCacheRevoke},
		{"RateLimit", testRateLimit},
		{"RateLimitBeforeMigration", testRateLimitBeforeMigration},
		{"CacheRateLimit", testCacheRateLimit},
		{"StoreDown", testStoreDown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := open(t)
			clk := testclock.New(time.Date(2026, 1, 2, 3, 4, 5, 6789000, time.UTC))
			tt.fn(t, &env{
				ctx:   t.Context(),
				db:    db,
				clock: clk,
				store: apikey.NewStore(db, &apikey.StoreOptions{Now: clk.Now}),
			})
		})
	}
}

type env struct {
	ctx   context.Context
	db    *storage.DB
	clock *testclock.Clock
	store *apikey.Store
}

// keyComparer makes cmp compare netip.Prefix values (which have unexported
// fields) with ==.
var keyComparer = cmp.Comparer(func(a, b netip.Prefix) bool { return a == b })

func (e *env) create(t *testing.T, nk apikey.NewKey) (string, apikey.Key) {
	t.Helper()
	secret, k, err := e.store.Create(e.ctx, nk)
	if err != nil {
		t.Fatalf("Create(%+v): %v", nk, err)
	}
	return secret, k
}

func (e *env) mustAuthenticate(t *testing.T, a apikey.Authenticator, secret string, want apikey.Key) {
	t.Helper()
	got, err := a.Authenticate(e.ctx, secret)
	if err != nil {
		t.Fatalf("Authenticate: %v", err)
	}
	if diff := cmp.Diff(want, got, keyComparer); diff != "" {
		t.Errorf("Authenticate (-want +got):\n%s", diff)
	}
}

func (e *env) mustBeUnknown(t *testing.T, a apikey.Authenticator, secret string) {
	t.Helper()
	k, err := a.Authenticate(e.ctx, secret)
	if !errors.Is(err, apikey.ErrUnknownKey) {
		t.Fatalf("Authenticate(%q) = %+v, %v; want ErrUnknownKey", secret, k, err)
	}
	if secret != "" && strings.Contains(err.Error(), secret) {
		t.Errorf("error %q repeats the secret", err)
	}
}

func ptr[T any](v T) *T { return &v }

func testCreateAuthenticate(t *testing.T, e *env) {
	secret, k := e.create(t, apikey.NewKey{Name: "alice"})
	if !strings.HasPrefix(secret, apikey.SecretPrefix) || len(secret) != len(apikey.SecretPrefix)+44 {
		t.Errorf("secret %q: want %s and 44 base58 characters", secret, apikey.SecretPrefix)
	}
	want := apikey.Key{
		ID:        k.ID,
		Name:      "alice",
		Prefix:    secret[:12],
		CreatedAt: e.clock.Now().Truncate(time.Microsecond),
	}
	if !strings.HasPrefix(k.ID, "key_") {
		t.Errorf("ID %q lacks key_", k.ID)
	}
	if diff := cmp.Diff(want, k, keyComparer); diff != "" {
		t.Errorf("Create returned (-want +got):\n%s", diff)
	}
	e.mustAuthenticate(t, e.store, secret, want)

	secret2, k2 := e.create(t, apikey.NewKey{Name: "bob"})
	if secret2 == secret || k2.ID == k.ID {
		t.Errorf("two keys share a secret or ID: %q/%q, %q/%q", secret, secret2, k.ID, k2.ID)
	}
	e.mustAuthenticate(t, e.store, secret2, k2)
}

func testWrongSecret(t *testing.T, e *env) {
	secret, _ := e.create(t, apikey.NewKey{Name: "alice"})
	last := secret[len(secret)-1]
	other := byte('2')
	if last == other {
		other = '3'
	}
	for _, tt := range []struct{ name, secret string }{
		{"empty", ""},
		{"prefix only", apikey.SecretPrefix},
		{"display prefix", secret[:12]},
		{"one character short", secret[:len(secret)-1]},
		{"one character more", secret + "x"},
		{"last character changed", secret[:len(secret)-1] + string(other)},
		{"upper case", strings.ToUpper(secret)},
		{"surrounding space", " " + secret + " "},
		{"hash of the secret", hex.EncodeToString(sha256Sum(secret))},
		{"very long", strings.Repeat("x", 1<<16)},
	} {
		t.Run(tt.name, func(t *testing.T) { e.mustBeUnknown(t, e.store, tt.secret) })
	}
}

func sha256Sum(s string) []byte {
	h := sha256.Sum256([]byte(s))
	return h[:]
}

func testList(t *testing.T, e *env) {
	got, err := e.store.List(e.ctx)
	if err != nil || len(got) != 0 {
		t.Fatalf("List on an empty store = %v, %v; want none", got, err)
	}
	var want []apikey.Key
	for _, name := range []string{"c", "a", "b"} {
		_, k := e.create(t, apikey.NewKey{Name: name, AllowedIPs: []netip.Prefix{netip.MustParsePrefix("192.0.2.0/24")}})
		want = append(want, k)
		e.clock.Advance(time.Second)
	}
	if err := e.store.Revoke(e.ctx, "a"); err != nil {
		t.Fatalf("Revoke: %v", err)
	}
	want[1].RevokedAt = ptr(e.clock.Now().Truncate(time.Microsecond))
	got, err = e.store.List(e.ctx)
	if err != nil {
		t.Fatalf("List: %v", err)
	}
	if diff := cmp.Diff(want, got, keyComparer); diff != "" {
		t.Errorf("List, oldest first, revoked included (-want +got):\n%s", diff)
	}
}

func testGet(t *testing.T, e *env) {
	_, k := e.create(t, apikey.NewKey{Name: "alice"})
	_, old := e.create(t, apikey.NewKey{Name: "bob"})
	if err := e.store.Revoke(e.ctx, old.ID); err != nil {
		t.Fatalf("Revoke: %v", err)
	}
	old.RevokedAt = ptr(e.clock.Now().Truncate(time.Microsecond))
	for _, tt := range []struct {
		idOrName string
		want     apikey.Key
		err      error
	}{
		{idOrName: k.ID, want: k},
		{idOrName: "alice", want: k},
		{idOrName: old.ID, want: old},
		{idOrName: "bob", err: apikey.ErrNotFound}, // names find active keys only
		{idOrName: "carol", err: apikey.ErrNotFound},
		{idOrName: "key_aaaaaaaaaaaaaaaa", err: apikey.ErrNotFound},
		{idOrName: "", err: apikey.ErrNotFound},
	} {
		t.Run(tt.idOrName, func(t *testing.T) {
			got, err := e.store.Get(e.ctx, tt.idOrName)
			if !errors.Is(err, tt.err) {
				t.Fatalf("Get error = %v, want %v", err, tt.err)
			}
			if diff := cmp.Diff(tt.want, got, keyComparer); diff != "" {
				t.Errorf("Get (-want +got):\n%s", diff)
			}
		})
	}
}

func testRevoke(t *testing.T, e *env) {
	for _, by := range []string{"id", "name"} {
		t.Run("by "+by, func(t *testing.T) {
			name := "key-" + by
			secret, k := e.create(t, apikey.NewKey{Name: name})
			e.clock.Advance(time.Minute)
			arg := k.ID
			if by == "name" {
				arg = name
			}
			if err := e.store.Revoke(e.ctx, arg); err != nil {
				t.Fatalf("Revoke(%q): %v", arg, err)
			}
			revokedAt := e.clock.Now().Truncate(time.Microsecond)
			e.mustBeUnknown(t, e.store, secret)

			// Again by ID: nothing changes, no error. Again by name: no active key has it.
			e.clock.Advance(time.Minute)
			if err := e.store.Revoke(e.ctx, k.ID); err != nil {
				t.Errorf("Revoke of a revoked key by ID: %v", err)
			}
			if err := e.store.Revoke(e.ctx, name); !errors.Is(err, apikey.ErrNotFound) {
				t.Errorf("Revoke of a revoked key by name: %v, want ErrNotFound", err)
			}
			got, err := e.store.Get(e.ctx, k.ID)
			if err != nil {
				t.Fatalf("Get: %v", err)
			}
			k.RevokedAt = &revokedAt
			if diff := cmp.Diff(k, got, keyComparer); diff != "" {
				t.Errorf("revoked key (-want +got):\n%s", diff)
			}
		})
	}
	if err := e.store.Revoke(e.ctx, "nobody"); !errors.Is(err, apikey.ErrNotFound) {
		t.Errorf("Revoke(unknown) = %v, want ErrNotFound", err)
	}
}

func testRevokedKeyUnknown(t *testing.T, e *env) {
	secret, k := e.create(t, apikey.NewKey{Name: "alice"})
	_, keep := e.create(t, apikey.NewKey{Name: "bob"})
	if err := e.store.Revoke(e.ctx, k.ID); err != nil {
		t.Fatalf("Revoke: %v", err)
	}
	_, errRevoked := e.store.Authenticate(e.ctx, secret)
	_, errUnknown := e.store.Authenticate(e.ctx, apikey.SecretPrefix+"0000000000000000000000000000000000000000000")
	if errRevoked == nil || errUnknown == nil || errRevoked.Error() != errUnknown.Error() {
		t.Errorf("revoked key error %q differs from unknown key error %q", errRevoked, errUnknown)
	}
	if _, err := e.store.Get(e.ctx, keep.ID); err != nil {
		t.Errorf("revoking one key touched another: %v", err)
	}
}

func testNameUniqueness(t *testing.T, e *env) {
	first, k := e.create(t, apikey.NewKey{Name: "acme"})
	if _, _, err := e.store.Create(e.ctx, apikey.NewKey{Name: "acme"}); !errors.Is(err, apikey.ErrNameTaken) {
		t.Fatalf("second active key named acme: %v, want ErrNameTaken", err)
	}
	if _, _, err := e.store.Create(e.ctx, apikey.NewKey{Name: "ACME"}); err != nil {
		t.Errorf("names are case-sensitive, but ACME: %v", err)
	}
	if err := e.store.Revoke(e.ctx, "acme"); err != nil {
		t.Fatalf("Revoke: %v", err)
	}
	second, k2 := e.create(t, apikey.NewKey{Name: "acme"})
	if k2.ID == k.ID {
		t.Fatal("replacement reused the ID")
	}
	e.mustBeUnknown(t, e.store, first)
	e.mustAuthenticate(t, e.store, second, k2)
	if got, err := e.store.Get(e.ctx, "acme"); err != nil || got.ID != k2.ID {
		t.Errorf("Get(acme) = %v, %v; want the replacement %s", got.ID, err, k2.ID)
	}
}

func testConcurrentCreateSameName(t *testing.T, e *env) {
	const n = 8
	var created, taken atomic.Int32
	var g errgroup.Group
	for range n {
		g.Go(func() error {
			_, _, err := e.store.Create(e.ctx, apikey.NewKey{Name: "race"})
			switch {
			case err == nil:
				created.Add(1)
			case errors.Is(err, apikey.ErrNameTaken):
				taken.Add(1)
			default:
				return err
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		t.Fatalf("concurrent Create: %v", err)
	}
	if created.Load() != 1 || taken.Load() != n-1 {
		t.Errorf("created %d, ErrNameTaken %d; want 1 and %d", created.Load(), taken.Load(), n-1)
	}
}

func testInvalidNewKey(t *testing.T, e *env) {
	for _, tt := range []struct {
		name string
		nk   apikey.NewKey
	}{
		{"no name", apikey.NewKey{}},
		{"name with surrounding space", apikey.NewKey{Name: " acme"}},
		{"name with newline", apikey.NewKey{Name: "ac\nme"}},
		{"name too long", apikey.NewKey{Name: strings.Repeat("n", apikey.MaxNameLen+1)}},
		{"name like an ID", apikey.NewKey{Name: "key_abcdefghijklmnop"}},
		{"invalid UTF-8", apikey.NewKey{Name: "\xff"}},
		{"short secret", apikey.NewKey{Name: "a", Secret: strings.Repeat("s", apikey.MinSecretLen-1)}},
		{"long secret", apikey.NewKey{Name: "a", Secret: strings.Repeat("s", apikey.MaxSecretLen+1)}},
		{"secret with space", apikey.NewKey{Name: "a", Secret: "0123456789 abcdef"}},
		{"secret not ASCII", apikey.NewKey{Name: "a", Secret: "0123456789abcdefé"}},
		{"zero prefix", apikey.NewKey{Name: "a", AllowedIPs: []netip.Prefix{{}}}},
		{"wildcard origin", apikey.NewKey{Name: "a", AllowedOrigins: []string{"*"}}},
		{"origin with path", apikey.NewKey{Name: "a", AllowedOrigins: []string{"https://a.example/app"}}},
		{"null origin", apikey.NewKey{Name: "a", AllowedOrigins: []string{"null"}}},
		{"origin without scheme", apikey.NewKey{Name: "a", AllowedOrigins: []string{"a.example"}}},
		{"negative rate", apikey.NewKey{Name: "a", RateLimit: ratelimit.Limit{Count: -1, Period: time.Second}}},
		{"rate without period", apikey.NewKey{Name: "a", RateLimit: ratelimit.Limit{Count: 10}}},
		{"rate period too long", apikey.NewKey{Name: "a", RateLimit: ratelimit.Limit{Count: 1, Period: 48 * time.Hour}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if _, _, err := e.store.Create(e.ctx, tt.nk); !errors.Is(err, apikey.ErrInvalid) {
				t.Errorf("Create = %v, want ErrInvalid", err)
			}
		})
	}
	if keys, err := e.store.List(e.ctx); err != nil || len(keys) != 0 {
		t.Errorf("invalid keys were stored: %v, %v", keys, err)
	}
}

func testAllowedIPsRoundTrip(t *testing.T, e *env) {
	mustParse := func(s string) netip.Prefix {
		p, err := apikey.ParseAllowedIP(s)
		if err != nil {
			t.Fatalf("ParseAllowedIP(%q): %v", s, err)
		}
		return p
	}
	in := []netip.Prefix{
		mustParse("192.0.2.7"),                           // bare IPv4: /32
		netip.MustParsePrefix("10.1.2.3/8"),              // host bits set: masked
		mustParse("2001:db8::1"),                         // bare IPv6: /128
		netip.MustParsePrefix("2001:db8:aa::/48"),        // IPv6 range
		netip.MustParsePrefix("::ffff:198.51.100.0/120"), // IPv4-mapped: stored as IPv4
		netip.MustParsePrefix("fe80::/64"),               // link-local range
		netip.MustParsePrefix("10.0.0.0/8"),              // duplicate after masking: dropped
	}
	want := []netip.Prefix{
		netip.MustParsePrefix("192.0.2.7/32"),
		netip.MustParsePrefix("10.0.0.0/8"),
		netip.MustParsePrefix("2001:db8::1/128"),
		netip.MustParsePrefix("2001:db8:aa::/48"),
		netip.MustParsePrefix("198.51.100.0/24"),
		netip.MustParsePrefix("fe80::/64"),
	}
	secret, k := e.create(t, apikey.NewKey{Name: "ips", AllowedIPs: in})
	if diff := cmp.Diff(want, k.AllowedIPs, keyComparer); diff != "" {
		t.Errorf("Create's AllowedIPs (-want +got):\n%s", diff)
	}
	got, err := e.store.Authenticate(e.ctx, secret)
	if err != nil {
		t.Fatalf("Authenticate: %v", err)
	}
	if diff := cmp.Diff(want, got.AllowedIPs, keyComparer); diff != "" {
		t.Errorf("stored AllowedIPs (-want +got):\n%s", diff)
	}
	for _, tt := range []struct {
		client string
		want   error
	}{
		{"192.0.2.7", nil},
		{"192.0.2.8", apikey.ErrIPNotAllowed},
		{"10.200.0.1", nil},
		{"11.0.0.1", apikey.ErrIPNotAllowed},
		{"::ffff:10.0.0.1", nil}, // dual-stack listener's view of an IPv4 client
		{"198.51.100.200", nil},
		{"2001:db8::1", nil},
		{"2001:db8::2", apikey.ErrIPNotAllowed},
		{"2001:db8:aa:ffff::1", nil},
		{"2001:db8:ab::1", apikey.ErrIPNotAllowed},
		{"fe80::1%eth0", nil}, // the zone is ignored
		{"fe80:0:0:1::1", apikey.ErrIPNotAllowed},
	} {
		t.Run(tt.client, func(t *testing.T) {
			if err := got.Permits(netip.MustParseAddr(tt.client), ""); !errors.Is(err, tt.want) || (tt.want == nil && err != nil) {
				t.Errorf("Permits(%s) = %v, want %v", tt.client, err, tt.want)
			}
		})
	}
	if err := got.Permits(netip.Addr{}, ""); !errors.Is(err, apikey.ErrIPNotAllowed) {
		t.Errorf("Permits(invalid address) = %v, want ErrIPNotAllowed", err)
	}

	// No allowlist: every address, including an unknown one.
	_, open := e.create(t, apikey.NewKey{Name: "open"})
	for _, c := range []netip.Addr{netip.MustParseAddr("203.0.113.9"), netip.MustParseAddr("2001:db8::9"), {}} {
		if err := open.Permits(c, ""); err != nil {
			t.Errorf("key without allowlist: Permits(%v) = %v", c, err)
		}
	}
}

func testAllowedOriginsRoundTrip(t *testing.T, e *env) {
	in := []string{
		"HTTPS://App.Example.COM",
		"http://localhost:3000/",
		"https://pay.example:443",
		"http://[2001:DB8::1]:8080",
		"https://app.example.com", // duplicate after normalising: dropped
	}
	want := []string{
		"https://app.example.com",
		"http://localhost:3000",
		"https://pay.example",
		"http://[2001:db8::1]:8080",
	}
	secret, k := e.create(t, apikey.NewKey{Name: "web", AllowedOrigins: in})
	if diff := cmp.Diff(want, k.AllowedOrigins); diff != "" {
		t.Errorf("Create's AllowedOrigins (-want +got):\n%s", diff)
	}
	got, err := e.store.Authenticate(e.ctx, secret)
	if err != nil {
		t.Fatalf("Authenticate: %v", err)
	}
	if diff := cmp.Diff(want, got.AllowedOrigins); diff != "" {
		t.Errorf("stored AllowedOrigins (-want +got):\n%s", diff)
	}
	client := netip.MustParseAddr("203.0.113.1")
	for _, tt := range []struct {
		origin string
		want   error
	}{
		{"https://app.example.com", nil},
		{"https://APP.example.com", nil},
		{"https://app.example.com:443", nil},
		{"http://app.example.com", apikey.ErrOriginNotAllowed},       // scheme matters
		{"https://app.example.com:8443", apikey.ErrOriginNotAllowed}, // port matters
		{"https://evil.example.com", apikey.ErrOriginNotAllowed},
		{"https://app.example.com.evil.example", apikey.ErrOriginNotAllowed},
		{"http://localhost:3000", nil},
		{"http://localhost:3001", apikey.ErrOriginNotAllowed},
		{"http://[2001:db8::1]:8080", nil},
		{"null", apikey.ErrOriginNotAllowed},
		{"", nil}, // no Origin header: not a browser
	} {
		t.Run(fmt.Sprintf("%q", tt.origin), func(t *testing.T) {
			if err := got.Permits(client, tt.origin); !errors.Is(err, tt.want) || (tt.want == nil && err != nil) {
				t.Errorf("Permits(%q) = %v, want %v", tt.origin, err, tt.want)
			}
			if allowed := got.AllowsOrigin(tt.origin); allowed != (tt.want == nil) {
				t.Errorf("AllowsOrigin(%q) = %v, want %v", tt.origin, allowed, tt.want == nil)
			}
		})
	}
}

// testSecretNotStored reads every text column of the raw table and checks
// that only the SHA-256 of the secret is there.
func testSecretNotStored(t *testing.T, e *env) {
	secret, k := e.create(t, apikey.NewKey{Name: "alice", AllowedOrigins: []string{"https://a.example"}})
	fixed := "dev-secret-0123456789"
	_, fk := e.create(t, apikey.NewKey{Name: "dev", Secret: fixed})
	for _, tt := range []struct {
		secret string
		key    apikey.Key
	}{{secret, k}, {fixed, fk}} {
		var id, name, prefix, hash, ips, origins string
		err := e.db.QueryRowContext(e.ctx, `SELECT id, name, prefix, secret_hash, allowed_ips, allowed_origins FROM api_keys WHERE id = ?`, tt.key.ID).
			Scan(&id, &name, &prefix, &hash, &ips, &origins)
		if err != nil {
			t.Fatalf("read raw row: %v", err)
		}
		random := strings.TrimPrefix(tt.secret, tt.key.Prefix)
		for col, v := range map[string]string{"id": id, "name": name, "prefix": prefix, "secret_hash": hash, "allowed_ips": ips, "allowed_origins": origins} {
			if strings.Contains(v, tt.secret) || strings.Contains(v, random) {
				t.Errorf("column %s = %q holds the secret", col, v)
			}
		}
		if want := hex.EncodeToString(sha256Sum(tt.secret)); hash != want {
			t.Errorf("secret_hash = %q, want lowercase hex SHA-256 %q", hash, want)
		}
		if len(prefix) > len(tt.secret)/4 {
			t.Errorf("prefix %q shows more than a quarter of the secret", prefix)
		}
	}
}

func testFixedSecret(t *testing.T, e *env) {
	const secret = "devkey-0123456789abcdef"
	got, k := e.create(t, apikey.NewKey{Name: "dev", Secret: secret})
	if got != secret {
		t.Errorf("Create returned secret %q, want the chosen %q", got, secret)
	}
	if k.Prefix != secret[:len(secret)/4] {
		t.Errorf("Prefix = %q, want %q", k.Prefix, secret[:len(secret)/4])
	}
	e.mustAuthenticate(t, e.store, secret, k)
	if _, _, err := e.store.Create(e.ctx, apikey.NewKey{Name: "dev2", Secret: secret}); !errors.Is(err, apikey.ErrSecretTaken) {
		t.Errorf("second key with the same secret: %v, want ErrSecretTaken", err)
	}
	if err := e.store.Revoke(e.ctx, "dev"); err != nil {
		t.Fatalf("Revoke: %v", err)
	}
	if _, _, err := e.store.Create(e.ctx, apikey.NewKey{Name: "dev", Secret: secret}); !errors.Is(err, apikey.ErrSecretTaken) {
		t.Errorf("reusing a revoked secret: %v, want ErrSecretTaken", err)
	}
	e.mustBeUnknown(t, e.store, secret)
}

func testEnsureKey(t *testing.T, e *env) {
	const secret = "devkey-0123456789abcdef"
	nk := apikey.NewKey{Name: "dev", Secret: secret, AllowedIPs: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}
	k, created, err := e.store.EnsureKey(e.ctx, nk)
	if err != nil || !created {
		t.Fatalf("first EnsureKey = %v, %v; want created", created, err)
	}
	e.mustAuthenticate(t, e.store, secret, k)

	// Every later start: the same key, even if the configuration changed.
	e.clock.Advance(time.Hour)
	for _, again := range []apikey.NewKey{nk, {Name: "renamed", Secret: secret}} {
		got, created, err := e.store.EnsureKey(e.ctx, again)
		if err != nil || created {
			t.Fatalf("EnsureKey again = %v, %v; want existing", created, err)
		}
		if diff := cmp.Diff(k, got, keyComparer); diff != "" {
			t.Errorf("EnsureKey again (-want +got):\n%s", diff)
		}
	}
	if keys, _ := e.store.List(e.ctx); len(keys) != 1 {
		t.Errorf("%d keys after three EnsureKey calls, want 1", len(keys))
	}

	// A revoked development key stays revoked.
	if err := e.store.Revoke(e.ctx, k.ID); err != nil {
		t.Fatalf("Revoke: %v", err)
	}
	got, created, err := e.store.EnsureKey(e.ctx, nk)
	if err != nil || created || got.RevokedAt == nil {
		t.Errorf("EnsureKey of a revoked secret = %+v, %v, %v; want the revoked key, not created", got, created, err)
	}
	e.mustBeUnknown(t, e.store, secret)

	// Another active key already has the name.
	e.create(t, apikey.NewKey{Name: "taken"})
	if _, _, err := e.store.EnsureKey(e.ctx, apikey.NewKey{Name: "taken", Secret: "another-0123456789abcdef"}); !errors.Is(err, apikey.ErrNameTaken) {
		t.Errorf("EnsureKey with a taken name: %v, want ErrNameTaken", err)
	}
	for _, bad := range []apikey.NewKey{{Name: "nosecret"}, {Name: "short", Secret: "short"}} {
		if _, _, err := e.store.EnsureKey(e.ctx, bad); !errors.Is(err, apikey.ErrInvalid) {
			t.Errorf("EnsureKey(%+v) = %v, want ErrInvalid", bad, err)
		}
	}
}

// testEnsureKeyConcurrent is several replicas starting at once with the same
// development key.
func testEnsureKeyConcurrent(t *testing.T, e *env) {
	const n = 8
	keys := make([]apikey.Key, n)
	var created atomic.Int32
	var g errgroup.Group
	for i := range n {
		g.Go(func() error {
			k, c, err := e.store.EnsureKey(e.ctx, apikey.NewKey{Name: "dev", Secret: "devkey-0123456789abcdef"})
			keys[i] = k
			if c {
				created.Add(1)
			}
			return err
		})
	}
	if err := g.Wait(); err != nil {
		t.Fatalf("concurrent EnsureKey: %v", err)
	}
	if created.Load() != 1 {
		t.Errorf("%d EnsureKey calls created the key, want 1", created.Load())
	}
	for _, k := range keys[1:] {
		if diff := cmp.Diff(keys[0], k, keyComparer); diff != "" {
			t.Errorf("replicas got different keys (-first +other):\n%s", diff)
		}
	}
}

// counter counts the lookups that reach the store.
type counter struct {
	*apikey.Store
	n atomic.Int32
}

func (c *counter) Authenticate(ctx context.Context, secret string) (apikey.Key, error) {
	c.n.Add(1)
	return c.Store.Authenticate(ctx, secret)
}

// testCacheTTL: a key revoked by another replica (straight in the store)
// keeps working through the cache until the TTL has passed, then stops.
func testCacheTTL(t *testing.T, e *env) {
	const ttl = 5 * time.Second
	secret, k := e.create(t, apikey.NewKey{Name: "alice"})
	store := &counter{Store: e.store}
	cache := apikey.NewCache(store, ttl, &apikey.CacheOptions{Now: e.clock.Now})
	lookups := func(want int32) {
		t.Helper()
		if got := store.n.Load(); got != want {
			t.Errorf("store lookups = %d, want %d", got, want)
		}
	}

	e.mustAuthenticate(t, cache, secret, k)
	lookups(1)
	e.clock.Advance(ttl - time.Nanosecond)
	e.mustAuthenticate(t, cache, secret, k)
	lookups(1)
	e.clock.Advance(time.Nanosecond)
	e.mustAuthenticate(t, cache, secret, k)
	lookups(2)

	// Revoked elsewhere: still served until the entry expires.
	if err := e.store.Revoke(e.ctx, k.ID); err != nil {
		t.Fatalf("Revoke: %v", err)
	}
	e.clock.Advance(ttl - time.Nanosecond)
	e.mustAuthenticate(t, cache, secret, k)
	lookups(2)
	e.clock.Advance(time.Nanosecond)
	e.mustBeUnknown(t, cache, secret)
	lookups(3)

	// Unknown secrets are not cached.
	e.mustBeUnknown(t, cache, secret)
	e.mustBeUnknown(t, cache, "m0k_nope-0123456789")
	lookups(5)

	// TTL 0: no caching.
	secret2, k2 := e.create(t, apikey.NewKey{Name: "bob"})
	store2 := &counter{Store: e.store}
	uncached := apikey.NewCache(store2, 0, &apikey.CacheOptions{Now: e.clock.Now})
	for range 3 {
		e.mustAuthenticate(t, uncached, secret2, k2)
	}
	if got := store2.n.Load(); got != 3 {
		t.Errorf("TTL 0: store lookups = %d, want 3", got)
	}
}

// testCacheRevoke: revoking through the cache takes effect at once, by ID or
// by name, and leaves other keys cached.
func testCacheRevoke(t *testing.T, e *env) {
	store := &counter{Store: e.store}
	cache := apikey.NewCache(store, time.Hour, &apikey.CacheOptions{Now: e.clock.Now})
	for _, by := range []string{"id", "name"} {
		t.Run("by "+by, func(t *testing.T) {
			secret, k := e.create(t, apikey.NewKey{Name: "victim-" + by})
			keepSecret, keep := e.create(t, apikey.NewKey{Name: "bystander-" + by})
			e.mustAuthenticate(t, cache, secret, k)
			e.mustAuthenticate(t, cache, keepSecret, keep)
			arg := k.ID
			if by == "name" {
				arg = k.Name
			}
			if err := cache.Revoke(e.ctx, arg); err != nil {
				t.Fatalf("Cache.Revoke(%q): %v", arg, err)
			}
			e.mustBeUnknown(t, cache, secret)
			before := store.n.Load()
			e.mustAuthenticate(t, cache, keepSecret, keep)
			if store.n.Load() != before {
				t.Error("revoking one key evicted another")
			}
		})
	}
	if err := cache.Revoke(e.ctx, "nobody"); !errors.Is(err, apikey.ErrNotFound) {
		t.Errorf("Cache.Revoke(unknown) = %v, want ErrNotFound", err)
	}
}

// testRateLimit: a key's rate limit is stored with it, read back by every
// lookup, and changed or removed by SetRateLimit on active keys only.
func testRateLimit(t *testing.T, e *env) {
	limited := ratelimit.PerMinute(600)
	secret, k := e.create(t, apikey.NewKey{Name: "limited", RateLimit: limited})
	if k.RateLimit != limited {
		t.Errorf("Create returned RateLimit %s, want %s", k.RateLimit, limited)
	}
	e.mustAuthenticate(t, e.store, secret, k)
	_, open := e.create(t, apikey.NewKey{Name: "open"})
	if !open.RateLimit.IsOff() {
		t.Errorf("a key created without a limit has %s", open.RateLimit)
	}
	// Count 0 is off whatever the period says.
	_, zero := e.create(t, apikey.NewKey{Name: "zero", RateLimit: ratelimit.Limit{Period: time.Minute}})
	if zero.RateLimit != ratelimit.Off {
		t.Errorf("Count 0 stored as %+v, want Off", zero.RateLimit)
	}

	get := func(idOrName string) apikey.Key {
		t.Helper()
		got, err := e.store.Get(e.ctx, idOrName)
		if err != nil {
			t.Fatalf("Get(%q): %v", idOrName, err)
		}
		return got
	}
	for _, tt := range []struct {
		idOrName string
		limit    ratelimit.Limit
	}{
		{"limited", ratelimit.Limit{Count: 10, Period: 30 * time.Second}},
		{k.ID, ratelimit.Limit{Count: 3, Period: 1500 * time.Millisecond}},
		{"limited", ratelimit.PerHour(1000000)},
		{k.ID, ratelimit.Off},
		{"open", ratelimit.PerSecond(5)},
	} {
		if err := e.store.SetRateLimit(e.ctx, tt.idOrName, tt.limit); err != nil {
			t.Fatalf("SetRateLimit(%q, %s): %v", tt.idOrName, tt.limit, err)
		}
		if got := get(tt.idOrName).RateLimit; got != tt.limit {
			t.Errorf("after SetRateLimit(%q, %s): %s", tt.idOrName, tt.limit, got)
		}
	}
	// The other keys were not touched.
	if got := get("zero").RateLimit; !got.IsOff() {
		t.Errorf("key zero now has %s", got)
	}
	keys, err := e.store.List(e.ctx)
	if err != nil || len(keys) != 3 {
		t.Fatalf("List = %v, %v", keys, err)
	}
	want := map[string]ratelimit.Limit{"limited": ratelimit.Off, "open": ratelimit.PerSecond(5), "zero": ratelimit.Off}
	for _, lk := range keys {
		if lk.RateLimit != want[lk.Name] {
			t.Errorf("List shows %s with %s, want %s", lk.Name, lk.RateLimit, want[lk.Name])
		}
	}

	if err := e.store.SetRateLimit(e.ctx, "open", ratelimit.Limit{Count: 1}); !errors.Is(err, apikey.ErrInvalid) {
		t.Errorf("SetRateLimit of an invalid limit = %v, want ErrInvalid", err)
	}
	if got := get("open").RateLimit; got != ratelimit.PerSecond(5) {
		t.Errorf("a refused SetRateLimit changed the limit to %s", got)
	}
	if err := e.store.Revoke(e.ctx, "open"); err != nil {
		t.Fatal(err)
	}
	for _, idOrName := range []string{open.ID, "open", "nobody"} {
		if err := e.store.SetRateLimit(e.ctx, idOrName, ratelimit.PerSecond(1)); !errors.Is(err, apikey.ErrNotFound) {
			t.Errorf("SetRateLimit(%q) on a revoked or unknown key = %v, want ErrNotFound", idOrName, err)
		}
	}
}

// testRateLimitBeforeMigration: a row written without the rate columns, as
// every key created before they existed, has no limit.
func testRateLimitBeforeMigration(t *testing.T, e *env) {
	const secret = "old-key-0123456789abcdef"
	if _, err := e.db.ExecContext(e.ctx, `INSERT INTO api_keys (id, name, prefix, secret_hash, allowed_ips, allowed_origins, created_at)
		VALUES ('key_aaaaaaaaaaaaaaaa', 'old', 'old-', ?, '[]', '[]', 1)`, hex.EncodeToString(sha256Sum(secret))); err != nil {
		t.Fatal(err)
	}
	k, err := e.store.Authenticate(e.ctx, secret)
	if err != nil {
		t.Fatalf("Authenticate: %v", err)
	}
	if !k.RateLimit.IsOff() {
		t.Errorf("old key has limit %s, want none", k.RateLimit)
	}
}

// testCacheRateLimit: a changed limit reaches a Cache's callers within its
// TTL, like a revocation made elsewhere.
func testCacheRateLimit(t *testing.T, e *env) {
	const ttl = 5 * time.Second
	secret, k := e.create(t, apikey.NewKey{Name: "alice", RateLimit: ratelimit.PerSecond(10)})
	cache := apikey.NewCache(e.store, ttl, &apikey.CacheOptions{Now: e.clock.Now})
	e.mustAuthenticate(t, cache, secret, k)
	if err := e.store.SetRateLimit(e.ctx, "alice", ratelimit.PerMinute(1)); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(ttl - time.Nanosecond)
	e.mustAuthenticate(t, cache, secret, k)
	e.clock.Advance(time.Nanosecond)
	k.RateLimit = ratelimit.PerMinute(1)
	e.mustAuthenticate(t, cache, secret, k)
}

// A database that does not answer (closed here, as a stopped server
// refuses): the Store says KeyStoreUnavailable, for every secret it would
// have to look up, while a Cache in front of it serves the key it verified
// (decision 99). A secret it need not look up is still unknown.
func testStoreDown(t *testing.T, e *env) {
	secret, k := e.create(t, apikey.NewKey{Name: "verified"})
	other, _ := e.create(t, apikey.NewKey{Name: "never-used"})
	cache := apikey.NewCache(e.store, time.Minute, &apikey.CacheOptions{Now: e.clock.Now, Logger: slog.New(slog.DiscardHandler)})
	e.mustAuthenticate(t, cache, secret, k)
	if err := e.db.Close(); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(time.Minute) // the entry has expired
	for _, s := range []string{secret, other, "m0k_unknown-secret-000000000000"} {
		if _, err := e.store.Authenticate(e.ctx, s); !isKeyStoreUnavailable(err) || errors.Is(err, apikey.ErrUnknownKey) {
			t.Errorf("store down, %s…: %v, want KeyStoreUnavailable", s[:6], err)
		}
	}
	e.mustAuthenticate(t, cache, secret, k)
	if _, err := cache.Authenticate(e.ctx, other); !isKeyStoreUnavailable(err) {
		t.Errorf("store down, a key the cache never verified: %v, want KeyStoreUnavailable", err)
	}
	// A secret no key can have is unknown without a lookup: still a 401.
	for _, s := range []string{"", "short", "with a space in it, so malformed"} {
		e.mustBeUnknown(t, cache, s)
	}
}

func isKeyStoreUnavailable(err error) bool {
	code, _ := orchestration.CodeOf(err)
	return code == orchestration.KeyStoreUnavailable
}

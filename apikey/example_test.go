package apikey_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/netip"
	"strings"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/storage"
)

// An operator creates a key restricted to one network and one web app; the
// server authenticates the x-api-key header through a cache and applies the
// key's restrictions to each request.
func Example() {
	ctx := context.Background()
	db, err := storage.Open(ctx, storage.Config{DSN: "sqlite::memory:"})
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	store := apikey.NewStore(db, nil)

	// Create: the secret is shown once and stored only as a hash.
	network, _ := apikey.ParseAllowedIP("203.0.113.0/24")
	secret, key, err := store.Create(ctx, apikey.NewKey{
		Name:           "acme-web",
		AllowedIPs:     []netip.Prefix{network},
		AllowedOrigins: []string{"https://App.Acme.example"},
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("secret:", strings.HasPrefix(secret, apikey.SecretPrefix), len(secret), "characters")
	fmt.Println("listed as:", key.Name, key.Prefix == secret[:12], key.AllowedOrigins)

	// Authenticate: what the HTTP layer does with the x-api-key header.
	var auth apikey.Authenticator = apikey.NewCache(store, apikey.DefaultCacheTTL, nil)
	got, err := auth.Authenticate(ctx, secret)
	fmt.Println("authenticated:", got.Name, err)
	_, err = auth.Authenticate(ctx, "m0k_not-a-real-key-0000000000")
	fmt.Println("wrong secret:", errors.Is(err, apikey.ErrUnknownKey))

	// Permits: the key's restrictions, per request.
	for _, r := range []struct{ client, origin string }{
		{"203.0.113.7", "https://app.acme.example"},
		{"203.0.113.7", ""}, // a server-side caller sends no Origin
		{"198.51.100.1", ""},
		{"203.0.113.7", "https://evil.example"},
	} {
		fmt.Printf("%s %q: %v\n", r.client, r.origin, got.Permits(netip.MustParseAddr(r.client), r.origin))
	}

	// Output:
	// secret: true 48 characters
	// listed as: acme-web true [https://app.acme.example]
	// authenticated: acme-web <nil>
	// wrong secret: true
	// 203.0.113.7 "https://app.acme.example": <nil>
	// 203.0.113.7 "": <nil>
	// 198.51.100.1 "": apikey: client address not allowed for this key
	// 203.0.113.7 "https://evil.example": apikey: origin not allowed for this key
}

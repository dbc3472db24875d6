package devnet

import "testing"

func TestAccountsAreStable(t *testing.T) {
	a, b := Accounts(), Accounts()
	if len(a) != len(accountNames) {
		t.Fatalf("got %d accounts", len(a))
	}
	seen := map[string]bool{}
	for i := range a {
		if a[i].Address != b[i].Address || a[i].KeyHex() != b[i].KeyHex() {
			t.Fatalf("account %s differs between calls", a[i].Name)
		}
		if seen[a[i].Address.Hex()] {
			t.Fatalf("duplicate address %s", a[i].Address)
		}
		seen[a[i].Address.Hex()] = true
	}
	if _, ok := AccountByName("alice"); !ok {
		t.Fatal("alice missing")
	}
	if _, ok := AccountByName("mallory"); ok {
		t.Fatal("unknown name found")
	}
}

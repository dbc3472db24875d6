package permitflow_test

import (
	"context"
	"encoding/json"
	"iter"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit/permitflow"
	"github.com/m0-orchestration/m0/permit/permitflow/permitflowtest"
)

func TestMemoryLedger(t *testing.T) {
	permitflowtest.RunLedger(t, func(t *testing.T) permitflow.Ledger { return permitflow.NewMemoryLedger(0) })
}

// Every field of a recipe but its annotation is bound: changing any one
// leaf of its JSON changes the digest, and the difference is named by that
// leaf's path. Walking the JSON, not a list, catches a field added to
// PermitRecipe that the digest forgets.
func TestRecipeDigestBindsEveryField(t *testing.T) {
	for name, r := range permitflowtest.Recipes(sepoliaID, owner, 1) {
		t.Run(name, func(t *testing.T) {
			var tree map[string]any
			body, _ := json.Marshal(r)
			if err := json.Unmarshal(body, &tree); err != nil {
				t.Fatal(err)
			}
			leaves := 0
			for path := range leafPaths(tree, "") {
				if path == "operation.type" { // the discriminator: changing it is another operation
					continue
				}
				changed := alterLeaf(t, tree, path)
				got := permitflow.RecipeDigest(changed) != permitflow.RecipeDigest(r)
				if path == "annotation" {
					if got {
						t.Errorf("changing the annotation changes the digest: a build writes its own")
					}
					continue
				}
				leaves++
				if !got {
					t.Errorf("changing %s leaves the digest as it was", path)
				}
				if n, first := permitflow.FirstDifference(changed, r); n != 1 || first != path {
					t.Errorf("changing %s: %d fields differ, the first %q", path, n, first)
				}
			}
			if leaves < 15 {
				t.Fatalf("only %d leaves walked", leaves)
			}
		})
	}
}

// A client that writes addresses in another case still builds: hex is
// compared in lower case.
func TestRecipeDigestIgnoresHexCase(t *testing.T) {
	r := permitflowtest.Recipe(sepoliaID, owner, 1)
	lower := r
	op := *r.Operation.LimitOrder
	op.TokenIn, op.Sender = strings.ToLower(op.TokenIn), strings.ToUpper(op.Sender[2:])
	op.Sender = "0x" + op.Sender
	lower.Operation.LimitOrder = &op
	lower.Spender = strings.ToLower(r.Spender)
	if permitflow.RecipeDigest(lower) != permitflow.RecipeDigest(r) {
		t.Error("the digest depends on the case of hex digits")
	}
}

// leafPaths yields the dotted path of every leaf of a decoded JSON object.
func leafPaths(v any, prefix string) iter.Seq[string] {
	return func(yield func(string) bool) {
		var walk func(v any, prefix string) bool
		walk = func(v any, prefix string) bool {
			m, ok := v.(map[string]any)
			if !ok {
				return yield(prefix)
			}
			for _, k := range slices.Sorted(maps.Keys(m)) {
				p := k
				if prefix != "" {
					p = prefix + "." + k
				}
				if !walk(m[k], p) {
					return false
				}
			}
			return true
		}
		walk(v, prefix)
	}
}

// alterLeaf returns the recipe tree with the leaf at path changed: a
// string's last character, a number plus one, a boolean negated.
func alterLeaf(t *testing.T, tree map[string]any, path string) orchestration.PermitRecipe {
	t.Helper()
	body, _ := json.Marshal(tree)
	var copyTree map[string]any
	json.Unmarshal(body, &copyTree)
	keys := strings.Split(path, ".")
	m := copyTree
	for _, k := range keys[:len(keys)-1] {
		m = m[k].(map[string]any)
	}
	last := keys[len(keys)-1]
	switch v := m[last].(type) {
	case string:
		switch {
		case v == "":
			m[last] = "0x000000000000000000000000000000000000dEaD"
		case strings.HasSuffix(v, "1"):
			m[last] = v[:len(v)-1] + "2"
		default:
			m[last] = v[:len(v)-1] + "1"
		}
	case float64:
		m[last] = v + 1
	case bool:
		m[last] = !v
	default:
		t.Fatalf("%s: leaf of type %T", path, v)
	}
	body, _ = json.Marshal(copyTree)
	var r orchestration.PermitRecipe
	if err := json.Unmarshal(body, &r); err != nil {
		t.Fatalf("%s changed: %v", path, err)
	}
	return r
}

// A full MemoryLedger forgets the recipe issued first, and a recipe
// issued after another's expiry forgets that one, whatever room is left.
func TestMemoryLedgerForgetsFromTheFront(t *testing.T) {
	ctx := context.Background()
	t0 := time.Unix(1_900_000_000, 0)
	issue := func(l *permitflow.MemoryLedger, nonce int, at time.Time) orchestration.PermitRecipe {
		r := permitflowtest.Recipe(sepoliaID, owner, nonce)
		err := l.Issue(ctx, []permitflow.IssuedRecipe{{Digest: permitflow.RecipeDigest(r), ChainID: sepoliaID, Owner: owner,
			Recipe: r, Issued: at, Expires: at.Add(time.Hour)}})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	kept := func(l *permitflow.MemoryLedger, at time.Time) int {
		got, _ := l.IssuedTo(ctx, sepoliaID, owner, at, 100)
		return len(got)
	}

	full := permitflow.NewMemoryLedger(2)
	first := issue(full, 1, t0)
	issue(full, 2, t0.Add(time.Second))
	issue(full, 3, t0.Add(2*time.Second))
	if ok, _ := full.Issued(ctx, permitflow.RecipeDigest(first), t0.Add(3*time.Second)); ok || kept(full, t0.Add(3*time.Second)) != 2 {
		t.Errorf("a ledger of 2 after 3 recipes: the first kept %v, %d kept in all; want the first forgotten, 2 kept", ok, kept(full, t0))
	}

	roomy := permitflow.NewMemoryLedger(100)
	issue(roomy, 1, t0)
	issue(roomy, 2, t0.Add(2*time.Hour)) // after the first expired
	if n := kept(roomy, time.Time{}); n != 1 {
		t.Errorf("%d recipes kept after the first expired and a second came, want 1", n)
	}
}

package permitflow

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/orchestration"
)

// A Ledger keeps the recipes a Builder issued, so that a build takes back
// only recipes this service issued, field for field: the permit's
// signature covers its owner, spender, value, nonce and deadline, not the
// call the recipe makes with it (who receives the output, the order's
// sender and solver, the least output), so a relayed recipe altered after
// the quote would otherwise build into a payload paying someone else.
//
// Replicas that build each other's recipes share one Ledger (permitsql
// keeps it in the database they share). Methods are safe for concurrent
// use; ctx bounds each call's I/O.
type Ledger interface {
	// Issue records recipes as issued. Issuing a digest again replaces
	// its expiry with the later one.
	Issue(ctx context.Context, recipes []IssuedRecipe) error
	// Issued reports whether a recipe with this digest was issued and is
	// kept at now.
	Issued(ctx context.Context, digest [32]byte, now time.Time) (bool, error)
	// IssuedTo returns the recipes kept at now that were issued for
	// permits of owner on the EVM chain chainID, newest first, at most
	// limit: the candidates a build compares an unknown recipe with, to
	// name the field that differs.
	IssuedTo(ctx context.Context, chainID uint64, owner common.Address, now time.Time, limit int) ([]orchestration.PermitRecipe, error)
}

// IssuedRecipe is a recipe as a Ledger keeps it.
type IssuedRecipe struct {
	// Digest is RecipeDigest(Recipe).
	Digest [32]byte
	// ChainID and Owner are the recipe's chain id and permit owner, by
	// which IssuedTo finds it.
	ChainID uint64
	Owner   common.Address
	Recipe  orchestration.PermitRecipe
	// Issued is when it was issued; Expires when the ledger may forget it.
	Issued, Expires time.Time
}

// boundField is one field of a recipe that a build must take back as it
// was issued, written so that equal values compare equal: hex in lower
// case, so that a client re-encoding an address's checksum case is not
// refused.
type boundField struct{ path, value string }

// boundFields lists every field of r that goes into the transaction or the
// payload a build returns: all of them but the annotation, which a build
// writes anew from the calldata (permit.Describe). The order is the order a
// build names the first field that differs.
func boundFields(r orchestration.PermitRecipe) []boundField {
	lower := strings.ToLower
	u := func(n uint64) string { return strconv.FormatUint(n, 10) }
	f := []boundField{
		{"functionSignature", r.FunctionSignature},
		{"provider", string(r.Provider)},
		{"chain", string(r.Chain)},
		{"chainId", u(r.ChainID)},
		{"spender", lower(r.Spender)},
		{"value", r.Value},
		{"operation.type", r.Operation.Type()},
	}
	switch op := r.Operation; {
	case op.Swap != nil:
		s := op.Swap
		f = append(f,
			boundField{"operation.method", s.Method},
			boundField{"operation.extensionIn", lower(s.ExtensionIn)},
			boundField{"operation.extensionOut", lower(s.ExtensionOut)},
			boundField{"operation.amount", s.Amount},
			boundField{"operation.recipient", lower(s.Recipient)},
			boundField{"operation.deadline", s.Deadline})
	case op.AMMSwap != nil:
		s := op.AMMSwap
		f = append(f,
			boundField{"operation.tokenIn", lower(s.TokenIn)},
			boundField{"operation.tokenOut", lower(s.TokenOut)},
			boundField{"operation.fee", u(uint64(s.Fee))},
			boundField{"operation.recipient", lower(s.Recipient)},
			boundField{"operation.amountIn", s.AmountIn},
			boundField{"operation.amountOutMinimum", s.AmountOutMinimum},
			boundField{"operation.deadline", s.Deadline})
	case op.LimitOrder != nil:
		o := op.LimitOrder
		f = append(f,
			boundField{"operation.destChainId", u(o.DestChainID)},
			boundField{"operation.fillDeadline", strconv.FormatInt(o.FillDeadline, 10)},
			boundField{"operation.tokenIn", lower(o.TokenIn)},
			boundField{"operation.tokenOut", lower(o.TokenOut)},
			boundField{"operation.amountIn", o.AmountIn},
			boundField{"operation.amountOut", o.AmountOut},
			boundField{"operation.recipient", lower(o.Recipient)},
			boundField{"operation.solver", lower(o.Solver)},
			boundField{"operation.sender", lower(o.Sender)},
			boundField{"operation.deadline", o.Deadline})
	}
	d, m := r.TypedData.Domain, r.TypedData.Message
	f = append(f,
		boundField{"typedData.domain.name", d.Name},
		boundField{"typedData.domain.version", d.Version},
		boundField{"typedData.domain.chainId", u(d.ChainID)},
		boundField{"typedData.domain.verifyingContract", lower(d.VerifyingContract)},
		boundField{"typedData.message.owner", lower(m.Owner)},
		boundField{"typedData.message.spender", lower(m.Spender)},
		boundField{"typedData.message.value", m.Value},
		boundField{"typedData.message.nonce", m.Nonce},
		boundField{"typedData.message.deadline", m.Deadline})
	if s := r.Solver; s != nil {
		fee := ""
		if s.FeeBps != nil {
			fee = strconv.Itoa(*s.FeeBps)
		}
		f = append(f,
			boundField{"solver.address", lower(s.Address)},
			boundField{"solver.name", s.Name},
			boundField{"solver.exclusive", strconv.FormatBool(s.Exclusive)},
			boundField{"solver.feeBps", fee})
	} else {
		f = append(f, boundField{"solver", "none"})
	}
	return f
}

// RecipeDigest is the hash a Ledger keeps a recipe by: Keccak-256 over
// every field a build takes back (all but the annotation), with hex in
// lower case. Two recipes with the same digest build the same payload.
func RecipeDigest(r orchestration.PermitRecipe) [32]byte {
	h := crypto.NewKeccakState()
	for _, f := range boundFields(r) {
		h.Write([]byte(f.path))
		h.Write([]byte{0})
		h.Write([]byte(f.value))
		h.Write([]byte{0})
	}
	var d [32]byte
	h.Read(d[:])
	return d
}

// differs compares got with an issued recipe: how many bound fields
// differ, and the first that does.
func differs(got, issued []boundField) (n int, first boundField, was string) {
	want := make(map[string]string, len(issued))
	for _, f := range issued {
		want[f.path] = f.value
	}
	for _, f := range got {
		w, ok := want[f.path]
		delete(want, f.path)
		if ok && w == f.value {
			continue
		}
		if n == 0 {
			first, was = f, w
		}
		n++
	}
	return n + len(want), first, was
}

// MemoryLedger is a Ledger in process memory: enough for one replica,
// the embedded default, and tests. It keeps at most its capacity of
// recipes: a full ledger forgets the one issued first. Expired recipes are
// forgotten, from the first issued, as new ones come.
type MemoryLedger struct {
	mu      sync.Mutex
	max     int
	byHash  map[[32]byte]IssuedRecipe
	byOwner map[ownerKey][][32]byte
	// order holds the digests in the order they were first issued, about
	// the order they expire in: the ledger forgets from its front, so that
	// issuing stays O(1) however full it is.
	order [][32]byte
}

type ownerKey struct {
	chainID uint64
	owner   common.Address
}

// DefaultMemoryLedgerSize is a MemoryLedger's capacity when none is given:
// about 32 MB of recipes.
const DefaultMemoryLedgerSize = 32 << 10

var _ Ledger = (*MemoryLedger)(nil)

// NewMemoryLedger returns an empty MemoryLedger holding at most size
// recipes; zero or less means DefaultMemoryLedgerSize.
func NewMemoryLedger(size int) *MemoryLedger {
	if size <= 0 {
		size = DefaultMemoryLedgerSize
	}
	return &MemoryLedger{max: size, byHash: map[[32]byte]IssuedRecipe{}, byOwner: map[ownerKey][][32]byte{}}
}

// Issue implements Ledger.
func (l *MemoryLedger) Issue(_ context.Context, recipes []IssuedRecipe) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, r := range recipes {
		if old, ok := l.byHash[r.Digest]; ok {
			if r.Expires.After(old.Expires) {
				old.Expires = r.Expires
			}
			old.Issued = r.Issued
			l.byHash[r.Digest] = old
			continue
		}
		// Forget from the front what has expired, and what a full ledger
		// has no room for.
		for len(l.order) > 0 && (len(l.byHash) >= l.max || r.Issued.After(l.byHash[l.order[0]].Expires)) {
			l.forget(l.order[0])
			l.order = l.order[1:]
		}
		l.byHash[r.Digest] = r
		l.order = append(l.order, r.Digest)
		k := ownerKey{r.ChainID, r.Owner}
		l.byOwner[k] = append(l.byOwner[k], r.Digest)
	}
	return nil
}

func (l *MemoryLedger) forget(d [32]byte) {
	r := l.byHash[d]
	delete(l.byHash, d)
	k := ownerKey{r.ChainID, r.Owner}
	if rest := slices.DeleteFunc(l.byOwner[k], func(x [32]byte) bool { return x == d }); len(rest) > 0 {
		l.byOwner[k] = rest
	} else {
		delete(l.byOwner, k)
	}
}

// Issued implements Ledger.
func (l *MemoryLedger) Issued(_ context.Context, digest [32]byte, now time.Time) (bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	r, ok := l.byHash[digest]
	return ok && !now.After(r.Expires), nil
}

// IssuedTo implements Ledger.
func (l *MemoryLedger) IssuedTo(_ context.Context, chainID uint64, owner common.Address, now time.Time, limit int) ([]orchestration.PermitRecipe, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var kept []IssuedRecipe
	for _, d := range l.byOwner[ownerKey{chainID, owner}] {
		if r := l.byHash[d]; !now.After(r.Expires) {
			kept = append(kept, r)
		}
	}
	slices.SortStableFunc(kept, func(a, b IssuedRecipe) int { return b.Issued.Compare(a.Issued) })
	out := make([]orchestration.PermitRecipe, 0, min(len(kept), limit))
	for _, r := range kept[:min(len(kept), limit)] {
		out = append(out, r.Recipe)
	}
	return out, nil
}

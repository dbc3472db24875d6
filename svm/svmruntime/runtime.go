// Package svmruntime is the router's Solana runtime (quote.Runtime): reads
// are accounts, batched per cluster and phase into one svm.Client round
// trip and cached per slot, with mints' immutable facts cached for good;
// funding is the funder's associated token account (no allowance, no
// approve), with an idempotent creation of the recipient's token account
// where it is missing; payloads are read instruction by instruction and
// allowed only as the svm builders make them, delivering to the leg's
// recipient (CheckLeg, decision 42).
package svmruntime

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/gagliardetto/solana-go"
	"golang.org/x/sync/singleflight"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/svm"
)

// Reader reads Solana clusters in one round trip per call; *svm.Client
// implements it.
type Reader interface {
	Has(chain orchestration.Chain) bool
	Read(ctx context.Context, chain orchestration.Chain, keys []solana.PublicKey, opts svm.ReadOptions) (*svm.Snapshot, error)
}

var _ Reader = (*svm.Client)(nil)

// Config configures New.
type Config struct {
	// Catalog names the chains, mints and programs. Required.
	Catalog quote.Catalog
	// Reader reads the clusters; nil reads nothing (every chain is
	// unreadable: no balance is known, every recipient token account is
	// assumed missing).
	Reader Reader
	// MintCacheSize bounds the mints whose facts are kept per cluster; 0
	// means 4096. Past it the cache is emptied and fills again.
	MintCacheSize int
}

// Runtime is the Solana quote.Runtime. It is safe for concurrent use.
type Runtime struct {
	cat      quote.Catalog
	reader   Reader
	mintSize int

	mu      sync.Mutex
	caches  map[orchestration.Chain]*chainCache
	flights singleflight.Group
}

var (
	_ quote.Runtime = (*Runtime)(nil)
)

// New returns the runtime of cfg.
func New(cfg Config) (*Runtime, error) {
	if cfg.Catalog == nil {
		return nil, errors.New("svmruntime: Config.Catalog is nil")
	}
	if cfg.MintCacheSize < 0 {
		return nil, errors.New("svmruntime: negative Config.MintCacheSize")
	}
	r := &Runtime{cat: cfg.Catalog, reader: cfg.Reader, mintSize: cfg.MintCacheSize, caches: map[orchestration.Chain]*chainCache{}}
	if r.mintSize == 0 {
		r.mintSize = 4096
	}
	return r, nil
}

// chainCache keeps the accounts of the newest two slots read on a cluster
// and the facts of the mints read there.
type chainCache struct {
	mu    sync.Mutex
	slots [2]*slotAccounts // [0] newest
	mints map[solana.PublicKey]*MintFacts
}

type slotAccounts struct {
	slot     uint64
	accounts map[solana.PublicKey]*svm.Account
}

func (r *Runtime) cache(chain orchestration.Chain) *chainCache {
	r.mu.Lock()
	defer r.mu.Unlock()
	c := r.caches[chain]
	if c == nil {
		c = &chainCache{mints: map[solana.PublicKey]*MintFacts{}}
		r.caches[chain] = c
	}
	return c
}

// lookup returns the accounts of keys cached at slot and the keys that
// are not.
func (c *chainCache) lookup(keys []solana.PublicKey, slot uint64) (map[solana.PublicKey]*svm.Account, []solana.PublicKey) {
	c.mu.Lock()
	defer c.mu.Unlock()
	found := map[solana.PublicKey]*svm.Account{}
	var missing []solana.PublicKey
	var at *slotAccounts
	for _, s := range c.slots {
		if s != nil && s.slot == slot {
			at = s
		}
	}
	for _, k := range keys {
		if a, ok := at.get(k); ok {
			found[k] = a
		} else {
			missing = append(missing, k)
		}
	}
	return found, missing
}

func (s *slotAccounts) get(k solana.PublicKey) (*svm.Account, bool) {
	if s == nil {
		return nil, false
	}
	a, ok := s.accounts[k]
	return a, ok
}

// store caches accounts read at slot.
func (c *chainCache) store(slot uint64, accounts map[solana.PublicKey]*svm.Account) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var at *slotAccounts
	for _, s := range c.slots {
		if s != nil && s.slot == slot {
			at = s
		}
	}
	if at == nil {
		if c.slots[0] != nil && slot < c.slots[0].slot {
			if c.slots[1] != nil && slot < c.slots[1].slot {
				return // older than both: not worth keeping
			}
			c.slots[1] = &slotAccounts{slot: slot, accounts: map[solana.PublicKey]*svm.Account{}}
			at = c.slots[1]
		} else {
			c.slots[1] = c.slots[0]
			c.slots[0] = &slotAccounts{slot: slot, accounts: map[solana.PublicKey]*svm.Account{}}
			at = c.slots[0]
		}
	}
	for k, a := range accounts {
		at.accounts[k] = a
	}
}

func (c *chainCache) mintFacts(mints []solana.PublicKey) (map[solana.PublicKey]*MintFacts, []solana.PublicKey) {
	c.mu.Lock()
	defer c.mu.Unlock()
	found := map[solana.PublicKey]*MintFacts{}
	var missing []solana.PublicKey
	for _, m := range mints {
		if f, ok := c.mints[m]; ok {
			found[m] = f
		} else {
			missing = append(missing, m)
		}
	}
	return found, missing
}

func (c *chainCache) storeMints(facts map[solana.PublicKey]*MintFacts, size int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for m, f := range facts {
		if f == nil {
			continue // a mint that does not exist yet may be created
		}
		if len(c.mints) >= size {
			clear(c.mints)
		}
		c.mints[m] = f
	}
}

// Serves is orchestration.RuntimeSVM.
func (r *Runtime) Serves() orchestration.ChainRuntime { return orchestration.RuntimeSVM }

// In is the Solana runtime among rts (quote.Deps' Runtimes), for providers
// that read Solana outside a quote (in Edges); nil when rts has none.
func In(rts []quote.Runtime) *Runtime {
	for _, rt := range rts {
		if r, ok := rt.(*Runtime); ok {
			return r
		}
	}
	return nil
}

// Has reports whether chain can be read.
func (r *Runtime) Has(chain orchestration.Chain) bool {
	return r.reader != nil && r.reader.Has(chain)
}

// ReadState reads reads (AccountReads and MintReads) on chain. With prev
// nil it makes one round trip: the accounts, the mints whose facts are not
// cached, and the latest blockhash, at the newest slot. With prev, the
// accounts prev holds or the cache holds at prev's slot cost nothing; the
// others are read in one round trip that the node must answer at prev's
// slot or later, and the State keeps prev's slot and blockhash.
func (r *Runtime) ReadState(ctx context.Context, chain orchestration.Chain, reads []quote.Read, prev quote.State) (quote.State, error) {
	if !r.Has(chain) {
		return nil, fmt.Errorf("svmruntime: no Solana reader is configured for %s", chain)
	}
	var accounts, mints []solana.PublicKey
	for _, rd := range reads {
		switch rd := rd.(type) {
		case AccountRead:
			accounts = append(accounts, rd.Key)
		case MintRead:
			mints = append(mints, rd.Mint)
		default:
			return nil, fmt.Errorf("svmruntime: %s is an SVM chain, and a %T is no SVM read", chain, rd)
		}
	}
	c := r.cache(chain)
	knownMints, readMints := c.mintFacts(mints)
	p := StateOf(prev)
	if prev != nil && p == nil {
		return nil, fmt.Errorf("svmruntime: %s: a %T is no Solana state", chain, prev)
	}
	var have map[solana.PublicKey]*svm.Account
	readAccounts := accounts
	var opts svm.ReadOptions
	if p != nil {
		var rest []solana.PublicKey
		for _, k := range accounts {
			if _, ok := p.accounts[k]; !ok {
				rest = append(rest, k)
			}
		}
		var cached map[solana.PublicKey]*svm.Account
		cached, readAccounts = c.lookup(rest, p.slot)
		have = cached
		var stillMissing []solana.PublicKey
		for _, m := range readMints {
			if f, ok := p.mints[m]; ok {
				knownMints[m] = f
			} else {
				stillMissing = append(stillMissing, m)
			}
		}
		readMints = stillMissing
		if len(readAccounts) == 0 && len(readMints) == 0 {
			return p.with(have, knownMints), nil
		}
		opts.MinContextSlot = p.slot
	}
	snap, err := r.read(ctx, chain, append(append([]solana.PublicKey(nil), readAccounts...), readMints...), opts)
	if err != nil {
		return nil, err
	}
	got := make(map[solana.PublicKey]*svm.Account, len(readAccounts))
	for _, k := range readAccounts {
		got[k] = snap.Accounts[k]
	}
	c.store(snap.Slot, got)
	readFacts := make(map[solana.PublicKey]*MintFacts, len(readMints))
	for _, m := range readMints {
		a := snap.Accounts[m]
		if a == nil {
			readFacts[m] = nil
			continue
		}
		d, err := svm.MintDecimals(a.Data)
		if err != nil || (!a.Owner.Equals(svm.TokenProgram) && !a.Owner.Equals(svm.Token2022Program)) {
			return nil, fmt.Errorf("svmruntime: %s: %s is not a mint of a token program (owner %s): %v", chain, m, a.Owner, err)
		}
		readFacts[m] = &MintFacts{Decimals: d, TokenProgram: a.Owner}
	}
	c.storeMints(readFacts, r.mintSize)
	for m, f := range readFacts {
		knownMints[m] = f
	}
	if p != nil {
		for k, a := range got {
			have[k] = a
		}
		return p.with(have, knownMints), nil
	}
	base := &State{slot: snap.Slot, blockhash: snap.Blockhash, lastValidBlockHeight: snap.LastValidBlockHeight}
	return base.with(got, knownMints), nil
}

// read makes one round trip for identical concurrent reads (same chain,
// minimum slot and set of keys); the snapshot is shared and never
// modified. A caller whose ctx ends stops waiting at once; the read runs
// with the context of the caller that started it, so when that caller
// gives up the others start it again (twice at most) rather than inherit
// its cancellation.
func (r *Runtime) read(ctx context.Context, chain orchestration.Chain, keys []solana.PublicKey, opts svm.ReadOptions) (*svm.Snapshot, error) {
	key := flightKey(chain, opts.MinContextSlot, keys)
	for attempt := 1; ; attempt++ {
		ch := r.flights.DoChan(key, func() (any, error) { return r.reader.Read(ctx, chain, keys, opts) })
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("svmruntime: %s: read: %w", chain, ctx.Err())
		case res := <-ch:
			if res.Err != nil {
				if res.Shared && attempt < 3 && ctx.Err() == nil && (errors.Is(res.Err, context.Canceled) || errors.Is(res.Err, context.DeadlineExceeded)) {
					continue // the caller that started the read gave up; we have not
				}
				return nil, fmt.Errorf("svmruntime: %w", res.Err)
			}
			return res.Val.(*svm.Snapshot), nil
		}
	}
}

// flightKey identifies a read for singleflight.
func flightKey(chain orchestration.Chain, minSlot uint64, keys []solana.PublicKey) string {
	ks := make([]string, len(keys))
	for i, k := range keys {
		ks[i] = string(k[:])
	}
	slices.Sort(ks)
	ks = slices.Compact(ks)
	return string(chain) + "\x00" + strconv.FormatUint(minSlot, 10) + "\x00" + strings.Join(ks, "")
}

// tokenAccount is holder's associated token account of token, when token
// is an SVM mint whose token program the catalog knows.
func tokenAccount(token asset.AssetInfo, holder string) (solana.PublicKey, solana.PublicKey, solana.PublicKey, bool) {
	if token.TokenProgram == "" {
		return solana.PublicKey{}, solana.PublicKey{}, solana.PublicKey{}, false
	}
	mint, err1 := solana.PublicKeyFromBase58(token.Address)
	owner, err2 := solana.PublicKeyFromBase58(holder)
	tp, err3 := solana.PublicKeyFromBase58(token.TokenProgram)
	if err1 != nil || err2 != nil || err3 != nil {
		return solana.PublicKey{}, solana.PublicKey{}, solana.PublicKey{}, false
	}
	return svm.AssociatedTokenAddress(owner, mint, tp), mint, tp, true
}

// Reads is the recipient's token account of the leg's output, when the
// leg ends on its own cluster: Steps creates it when it is missing. There
// is no allowance on Solana: the funder signs the leg's transaction.
func (r *Runtime) Reads(leg quote.LegRequest) []quote.Read {
	if !r.Has(leg.From.Chain) || leg.To.Chain != leg.From.Chain {
		return nil
	}
	ata, _, _, ok := tokenAccount(leg.To, leg.Recipient.String())
	if !ok {
		return nil
	}
	return []quote.Read{AccountRead{Key: ata}}
}

// BalanceRead is holder's associated token account of token (the
// Token-2022-aware address), or nil when token's program is not known or
// its chain cannot be read.
func (r *Runtime) BalanceRead(token asset.AssetInfo, holder string) quote.Read {
	if !r.Has(token.Chain) {
		return nil
	}
	ata, _, _, ok := tokenAccount(token, holder)
	if !ok {
		return nil
	}
	return AccountRead{Key: ata}
}

// Balance decodes a token account's amount (offset 64, u64 little-endian);
// a token account that does not exist holds zero.
func (r *Runtime) Balance(s quote.State, rd quote.Read) (*big.Int, bool) {
	ar, ok := rd.(AccountRead)
	if !ok {
		return nil, false
	}
	a, ok := StateOf(s).Account(ar.Key)
	switch {
	case !ok:
		return nil, false
	case a == nil:
		return new(big.Int), true
	case !a.Owner.Equals(svm.TokenProgram) && !a.Owner.Equals(svm.Token2022Program):
		return nil, false
	}
	amount, err := svm.TokenAmount(a.Data)
	if err != nil {
		return nil, false
	}
	return new(big.Int).SetUint64(amount), true
}

// Steps returns, when the leg ends on its own cluster and the recipient's
// token account of its output is missing (or could not be read), one
// transaction creating it idempotently, paid by the funder, at the
// blockhash of s. A route creates each account once.
func (r *Runtime) Steps(leg quote.LegRequest, s quote.State, ledger *quote.Ledger) ([]orchestration.Payload, error) {
	if leg.To.Chain != leg.From.Chain {
		return nil, nil
	}
	ata, mint, tp, ok := tokenAccount(leg.To, leg.Recipient.String())
	if !ok {
		return nil, nil
	}
	grant := quote.Grant{Chain: leg.From.Chain, Asset: leg.To.Address, To: leg.Recipient.String()}
	if ledger.Has(grant) {
		return nil, nil
	}
	st := StateOf(s)
	if a, ok := st.Account(ata); ok && a != nil {
		return nil, nil
	}
	if leg.Funder.IsZero() {
		return nil, errors.New("svmruntime: the leg has no funder")
	}
	funder := leg.Funder.SVM()
	blockhash, _ := st.Blockhash()
	if blockhash.IsZero() {
		return nil, fmt.Errorf("svmruntime: %s could not be read: no blockhash to create %s's %s token account with", leg.From.Chain, leg.Recipient, leg.To.Symbol)
	}
	owner := leg.Recipient.SVM()
	tx, err := svm.Build([]solana.Instruction{svm.CreateIdempotentATA(funder, owner, mint, tp)}, svm.TxConfig{FeePayer: funder, RecentBlockhash: blockhash})
	if err != nil {
		return nil, fmt.Errorf("svmruntime: %w", err)
	}
	p, err := svm.Payload(leg.From.Chain, tx)
	if err != nil {
		return nil, fmt.Errorf("svmruntime: %w", err)
	}
	payload := orchestration.Payload{Data: orchestration.TransactionPayload{SVM: &p}}
	// The words are read from the transaction returned, never composed
	// from the leg.
	if payload.Annotation, err = svm.Describe(r.cat, payload); err != nil {
		return nil, fmt.Errorf("svmruntime: the transaction creating %s's %s token account could not be described from its bytes: %w", leg.Recipient, leg.To.Symbol, err)
	}
	ledger.Add(grant)
	return []orchestration.Payload{payload}, nil
}

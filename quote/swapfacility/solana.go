package swapfacility

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmruntime"
)

// DefaultSolanaEstTime is the estimated time of a Solana leg when
// Config.SolanaEstTime is zero: a few 400 ms slots to confirmation, with
// room for a wallet's resubmission.
const DefaultSolanaEstTime = 5 * time.Second

// extSwapOp is which ext_swap instruction a Solana edge calls.
type extSwapOp uint8

const (
	opWrap   extSwapOp = iota + 1 // M → extension
	opUnwrap                      // extension → M (whitelisted unwrappers only)
	opSwap                        // extension → extension
)

// solanaEdge is the Detail of a Solana edge: the whitelist entries of its
// extensions as read when the edges were listed (the entry's token program
// is the truth, not the catalog's).
type solanaEdge struct {
	op       extSwapOp
	from, to svm.Extension // the zero Extension for M
}

// svmChains are the catalog's SVM chains with an ext_swap, and its builder
// on each.
func svmChains(cat *asset.Catalog) (map[orchestration.Chain]*svm.ExtSwap, error) {
	out := map[orchestration.Chain]*svm.ExtSwap{}
	for _, ch := range cat.Chains() {
		if ch.Runtime != orchestration.RuntimeSVM || ch.Contracts.ExtSwap == "" {
			continue
		}
		id, err := solana.PublicKeyFromBase58(ch.Contracts.ExtSwap)
		if err != nil {
			return nil, fmt.Errorf("swapfacility: %s: extSwap: %w", ch.Name, err)
		}
		s, err := svm.NewExtSwap(svm.ExtSwapConfig{Program: id})
		if err != nil {
			return nil, fmt.Errorf("swapfacility: %s: %w", ch.Name, err)
		}
		out[ch.Name] = s
	}
	return out, nil
}

// solanaEdges reads ext_swap's SwapGlobal on one SVM chain (one round
// trip) and returns its edges: M to each whitelisted extension of the
// catalog and back, and between any two of them.
func (p *Provider) solanaEdges(ctx context.Context, ch asset.ChainInfo) ([]quote.Edge, error) {
	xs := p.extSwaps[ch.Name]
	st, err := p.svm.ReadState(ctx, ch.Name, []quote.Read{svmruntime.AccountRead{Key: xs.SwapGlobal()}}, nil)
	if err != nil {
		return nil, err
	}
	g, err := swapGlobal(svmruntime.StateOf(st), xs)
	if err != nil {
		return nil, err
	}
	if g == nil {
		p.logger.Warn("swapfacility: ext_swap has no SwapGlobal account; its swaps are not served", "chain", ch.Name)
		return nil, nil
	}
	type ext struct {
		asset.AssetInfo
		svm.Extension
	}
	var exts []ext
	for _, e := range g.Extensions {
		a, err := p.catalog.Resolve(orchestration.AssetAddress{Chain: ch.Name, Address: e.Mint.String()})
		if err != nil {
			p.logger.Debug("swapfacility: a whitelisted extension is not in the catalog", "chain", ch.Name, "mint", e.Mint.String())
			continue
		}
		if a.TokenProgram != "" && a.TokenProgram != e.TokenProgram.String() {
			// The recipient's token account would be derived for the
			// wrong program: the catalog must be fixed.
			p.logger.Warn("swapfacility: the catalog's token program of a whitelisted extension differs from ext_swap's; its swaps are not served",
				"chain", ch.Name, "symbol", a.Symbol, "catalog", a.TokenProgram, "extSwap", e.TokenProgram.String())
			continue
		}
		exts = append(exts, ext{a, e})
	}
	m, err := p.catalog.Resolve(orchestration.AssetAddress{Chain: ch.Name, Address: svm.MMint.String()})
	hasM := err == nil
	var out []quote.Edge
	for _, a := range exts {
		if hasM {
			out = append(out,
				quote.Edge{From: m, To: a.AssetInfo, Detail: solanaEdge{op: opWrap, to: a.Extension}},
				quote.Edge{From: a.AssetInfo, To: m, Detail: solanaEdge{op: opUnwrap, from: a.Extension}})
		}
		for _, b := range exts {
			if !b.Program.Equals(a.Program) {
				out = append(out, quote.Edge{From: a.AssetInfo, To: b.AssetInfo, Detail: solanaEdge{op: opSwap, from: a.Extension, to: b.Extension}})
			}
		}
	}
	return out, nil
}

// swapGlobal decodes the SwapGlobal in st: nil when the account does not
// exist.
func swapGlobal(st *svmruntime.State, xs *svm.ExtSwap) (*svm.SwapGlobal, error) {
	a, ok := st.Account(xs.SwapGlobal())
	switch {
	case !ok:
		return nil, errors.New("ext_swap's SwapGlobal was not read")
	case a == nil:
		return nil, nil
	case !a.Owner.Equals(xs.ProgramID()):
		return nil, fmt.Errorf("SwapGlobal %s is owned by %s, not ext_swap", xs.SwapGlobal(), a.Owner)
	}
	return svm.DecodeSwapGlobal(a.Data)
}

// solanaReads are a Solana leg's reads, none depending on the amount, so
// they go in the quote's first (and only) round trip to the cluster: the
// SwapGlobal (whitelists), and the mints of M and of the extensions (their
// indices).
func (p *Provider) solanaReads(leg quote.LegRequest) []quote.Read {
	d, ok := leg.Detail.(solanaEdge)
	xs := p.extSwaps[leg.From.Chain]
	if !ok || xs == nil {
		return nil
	}
	reads := []quote.Read{svmruntime.AccountRead{Key: xs.SwapGlobal()}, svmruntime.AccountRead{Key: svm.MMint}}
	for _, e := range []svm.Extension{d.from, d.to} {
		if !e.Mint.IsZero() {
			reads = append(reads, svmruntime.AccountRead{Key: e.Mint})
		}
	}
	return reads
}

// mintIndex is the index of mint in st.
func mintIndex(st *svmruntime.State, mint solana.PublicKey) (uint64, error) {
	a, ok := st.Account(mint)
	switch {
	case !ok:
		return 0, fmt.Errorf("mint %s was not read", mint)
	case a == nil:
		return 0, fmt.Errorf("mint %s does not exist", mint)
	case !a.Owner.Equals(svm.TokenProgram) && !a.Owner.Equals(svm.Token2022Program):
		return 0, fmt.Errorf("mint %s is owned by %s, no token program", mint, a.Owner)
	}
	return svm.MintIndex(a.Data)
}

// quoteSolana prices a Solana leg from its state; its transaction (one
// ext_swap instruction, the funder signing and paying, at the blockhash
// read with the state) is built for a route returned.
func (p *Provider) quoteSolana(ctx context.Context, leg quote.LegRequest) (quote.Leg, error) {
	if err := ctx.Err(); err != nil {
		return quote.Leg{}, err
	}
	d, ok := leg.Detail.(solanaEdge)
	xs := p.extSwaps[leg.From.Chain]
	if !ok || xs == nil || leg.CrossChain() {
		return quote.Leg{}, fmt.Errorf("swapfacility: %s to %s is no ext_swap edge of %s", leg.From.Symbol, leg.To.Symbol, leg.From.Chain)
	}
	if leg.Funder.IsZero() || leg.Recipient.IsZero() {
		return quote.Leg{}, errors.New("swapfacility: the leg has no funder or no recipient")
	}
	funder, recipient := leg.Funder.SVM(), leg.Recipient.SVM()
	if leg.AmountIn == nil || leg.AmountIn.Sign() <= 0 {
		return quote.Leg{}, fmt.Errorf("swapfacility: amount %v is not positive", leg.AmountIn)
	}
	if !leg.AmountIn.IsUint64() {
		return quote.Leg{}, fmt.Errorf("%w: %s %s is more than a Solana token amount (u64) holds", quote.ErrNoRoute, leg.AmountIn, leg.From.Symbol)
	}
	st := svmruntime.StateOf(leg.State)
	g, err := swapGlobal(st, xs)
	if err != nil {
		return quote.Leg{}, fmt.Errorf("swapfacility: %s: %w", leg.From.Chain, err)
	}
	if g == nil {
		return quote.Leg{}, fmt.Errorf("%w: ext_swap on %s has no SwapGlobal", quote.ErrNoRoute, leg.From.Chain)
	}
	// The whitelist may have changed since the edges were listed: the
	// program refuses an extension it no longer lists (6000).
	for _, e := range []svm.Extension{d.from, d.to} {
		if e.Mint.IsZero() {
			continue
		}
		if now, ok := g.Extension(e.Mint); !ok || now != e {
			return quote.Leg{}, fmt.Errorf("%w: %s is no longer whitelisted by ext_swap on %s", quote.ErrNoRoute, e.Mint, leg.From.Chain)
		}
	}
	if d.op == opUnwrap && !g.Unwrapper(funder) {
		return quote.Leg{}, fmt.Errorf("%w: %s may not unwrap %s to M through ext_swap on %s (unwrapping is for its whitelisted unwrappers)",
			quote.ErrNoRoute, funder, leg.From.Symbol, leg.From.Chain)
	}
	mIndex, err := mintIndex(st, svm.MMint)
	if err != nil {
		return quote.Leg{}, fmt.Errorf("swapfacility: %s: %w", leg.From.Chain, err)
	}
	from, err := extensionIndex(st, d.from)
	if err != nil {
		return quote.Leg{}, fmt.Errorf("swapfacility: %s: %w", leg.From.Chain, err)
	}
	to, err := extensionIndex(st, d.to)
	if err != nil {
		return quote.Leg{}, fmt.Errorf("swapfacility: %s: %w", leg.From.Chain, err)
	}
	amounts, err := extSwapAmounts(d.op, leg.AmountIn.Uint64(), from, mIndex, to)
	if err != nil {
		return quote.Leg{}, fmt.Errorf("swapfacility: %s: %w", leg.From.Chain, err)
	}
	if amounts.Out == 0 || amounts.Arg == 0 {
		return quote.Leg{}, fmt.Errorf("%w: %s %s is too little to swap through ext_swap (it rounds to nothing)",
			quote.ErrNoRoute, orchestration.FormatUnits(leg.AmountIn, leg.From.Decimals), leg.From.Symbol)
	}
	hash, _ := st.Blockhash()
	cfg := p.solBudget
	cfg.FeePayer, cfg.RecentBlockhash = funder, hash
	chain := leg.From.Chain
	now := p.now()
	return quote.Leg{
		AmountOut: new(big.Int).SetUint64(amounts.Out),
		EstTime:   p.solEstTime,
		// The rates' state, and the blockhash the transaction carries.
		ValidUntil: quote.Earliest(now.Add(p.horizon), now.Add(quote.SolanaBlockhashValidity)),
		// Built, and read back into words, only for a route returned.
		Build: func() ([]orchestration.Payload, error) {
			pl, err := p.extSwapPayload(chain, xs, d, funder, recipient, amounts.Arg, cfg)
			if err != nil {
				return nil, err
			}
			return []orchestration.Payload{pl}, nil
		},
	}, nil
}

// extSwapPayload is the funder's transaction of one ext_swap call of d's op
// for amount, framed by cfg, with its annotation read back from the
// transaction (svm.DescribeFor): never composed from the request, and the
// recipient named only if the output really goes to its token account.
func (p *Provider) extSwapPayload(chain orchestration.Chain, xs *svm.ExtSwap, d solanaEdge, funder, recipient solana.PublicKey, amount uint64, cfg svm.TxConfig) (orchestration.Payload, error) {
	ix, err := extSwapInstruction(xs, d, funder, recipient, amount)
	if err != nil {
		return orchestration.Payload{}, fmt.Errorf("swapfacility: %s: %w", chain, err)
	}
	tx, err := svm.Build([]solana.Instruction{ix}, cfg)
	if err != nil {
		return orchestration.Payload{}, fmt.Errorf("swapfacility: %s: %w", chain, err)
	}
	pl, err := svm.Payload(chain, tx)
	if err != nil {
		return orchestration.Payload{}, fmt.Errorf("swapfacility: %w", err)
	}
	payload := orchestration.Payload{Data: orchestration.TransactionPayload{SVM: &pl}}
	if payload.Annotation, err = svm.DescribeFor(p.catalog, payload, recipient); err != nil {
		return orchestration.Payload{}, fmt.Errorf("swapfacility: %s: the built transaction could not be described from its bytes: %w", chain, err)
	}
	return payload, nil
}

// extensionIndex is the index of e's mint in st; zero for M's side of an
// edge, which has no extension.
func extensionIndex(st *svmruntime.State, e svm.Extension) (uint64, error) {
	if e.Mint.IsZero() {
		return 0, nil
	}
	return mintIndex(st, e.Mint)
}

// extSwapAmounts is what ext_swap's op takes and delivers for in, under
// the from extension's, M's and the to extension's indices.
func extSwapAmounts(op extSwapOp, in, from, mIndex, to uint64) (svm.ExtSwapAmounts, error) {
	switch op {
	case opWrap:
		return svm.WrapAmounts(in, mIndex, to)
	case opUnwrap:
		return svm.UnwrapAmounts(in, from, mIndex)
	case opSwap:
		return svm.SwapAmounts(in, from, mIndex, to)
	}
	return svm.ExtSwapAmounts{}, fmt.Errorf("unknown ext_swap operation %d", op)
}

// extSwapInstruction is the funder's ext_swap call of d's op for amount
// (in the program's units), delivering to the recipient's token account.
func extSwapInstruction(xs *svm.ExtSwap, d solanaEdge, funder, recipient solana.PublicKey, amount uint64) (solana.Instruction, error) {
	switch d.op {
	case opWrap:
		return xs.Wrap(svm.WrapParams{Owner: funder, To: d.to, Amount: amount,
			ToTokenAccount: svm.AssociatedTokenAddress(recipient, d.to.Mint, d.to.TokenProgram)})
	case opUnwrap:
		return xs.Unwrap(svm.UnwrapParams{Owner: funder, From: d.from, Amount: amount,
			MTokenAccount: svm.AssociatedTokenAddress(recipient, svm.MMint, svm.Token2022Program)})
	case opSwap:
		return xs.Swap(svm.SwapParams{Owner: funder, From: d.from, To: d.to, Amount: amount,
			ToTokenAccount: svm.AssociatedTokenAddress(recipient, d.to.Mint, d.to.TokenProgram)})
	}
	return nil, fmt.Errorf("unknown ext_swap operation %d", d.op)
}

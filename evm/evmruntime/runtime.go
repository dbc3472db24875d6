package evmruntime

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/eip2612"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
)

// ChainReader reads EVM chains in batches; *evm.Reader implements it.
type ChainReader interface {
	Read(ctx context.Context, chain orchestration.Chain, calls []evm.Call) (*evm.Answers, error)
	ReadAt(ctx context.Context, chain orchestration.Chain, calls []evm.Call, block uint64) (*evm.Answers, error)
	Has(chain orchestration.Chain) bool
}

var (
	_ ChainReader             = (*evm.Reader)(nil)
	_ quote.ChainUnavailable  = (*evm.UnavailableError)(nil)
	_ quote.Runtime           = (*Runtime)(nil)
	_ quote.LegChecker        = (*Runtime)(nil)
	_ quote.PermitFunding     = (*Runtime)(nil)
	_ quote.CachedStateReader = (*Runtime)(nil)
)

// Config configures New.
type Config struct {
	// Catalog names the chains, tokens and contracts. Required.
	Catalog quote.Catalog
	// Reader reads the chains; nil reads nothing (every leg's allowance
	// counts as zero and no balance is known). Pass a nil interface, not
	// a nil *evm.Reader.
	Reader ChainReader
	// PriorityTip is the priority fee in wei added to the base fee to give
	// a payload's gasPrice; zero means DefaultPriorityTip.
	PriorityTip uint64
}

// Runtime is the EVM quote.Runtime. It is safe for concurrent use.
type Runtime struct {
	cat        quote.Catalog
	reader     ChainReader
	allowances quote.Memo[allowanceKey, []quote.Read]        // Reads' answers
	balances   quote.Memo[balanceKey, quote.Read]            // BalanceRead's
	costs      quote.Memo[orchestration.Chain, []quote.Read] // costReads' answers
	tip        uint64                                        // Config.PriorityTip or its default
}

// New returns the runtime of cfg.
func New(cfg Config) (*Runtime, error) {
	if cfg.Catalog == nil {
		return nil, errors.New("evmruntime: Config.Catalog is nil")
	}
	// The token views a permit quote reads are parsed from their ABIs once,
	// lazily: here, with the engine, rather than in the first permit quote
	// a caller waits for (some 3,000 allocations).
	eip2612.TokenViews()
	tip := cfg.PriorityTip
	if tip == 0 {
		tip = DefaultPriorityTip
	}
	return &Runtime{cat: cfg.Catalog, reader: cfg.Reader, tip: tip}, nil
}

// Serves is orchestration.RuntimeEVM.
func (r *Runtime) Serves() orchestration.ChainRuntime { return orchestration.RuntimeEVM }

// Answers is the *evm.Answers behind a quote.State an EVM runtime returned, for
// providers decoding their reads (nil, which answers nothing, for any
// other quote.State).
func Answers(s quote.State) *evm.Answers {
	a, _ := s.(*evm.Answers)
	return a
}

// ReaderIn is the chain reader of the EVM runtime among rts (quote.Deps'
// Runtimes), for providers that read EVM chains outside a quote (in
// Edges); nil when rts has none or it reads nothing.
func ReaderIn(rts []quote.Runtime) ChainReader {
	for _, rt := range rts {
		if r, ok := rt.(*Runtime); ok && r != nil {
			return r.reader
		}
	}
	return nil
}

// balanceKey is what a balance read depends on.
type balanceKey struct {
	chain         orchestration.Chain
	token, holder string
}

// allowanceKey is what a leg's allowance read depends on.
type allowanceKey struct {
	chain                  orchestration.Chain
	token, funder, spender string
}

func (r *Runtime) Has(chain orchestration.Chain) bool {
	return r.reader != nil && r.reader.Has(chain)
}

// cachedReader is a ChainReader that answers from its cache without I/O
// (*evm.Reader).
type cachedReader interface {
	Cached(chain orchestration.Chain, calls []evm.Call) (*evm.Answers, bool)
}

var _ cachedReader = (*evm.Reader)(nil)

// CachedState answers a first phase's reads from the reader's cache, when
// the reader has one and holds them all for the newest head.
func (r *Runtime) CachedState(chain orchestration.Chain, reads []quote.Read, prev quote.State) (quote.State, bool) {
	cr, ok := r.reader.(cachedReader)
	if !ok || prev != nil || !r.Has(chain) {
		return nil, false
	}
	buf := callBufs.Get().(*[]evm.Call)
	defer func() {
		clear(*buf)
		*buf = (*buf)[:0]
		callBufs.Put(buf)
	}()
	var err error
	if *buf, err = appendEVMCalls((*buf)[:0], chain, reads); err != nil {
		return nil, false // ReadState reports it
	}
	a, ok := cr.Cached(chain, *buf)
	if !ok {
		return nil, false
	}
	return a, true
}

// callBufs hold CachedState's calls, which the reader does not keep: every
// warm read phase needs one.
var callBufs = sync.Pool{New: func() any { return new([]evm.Call) }}

// evmCalls are reads as the evm.Calls they must be.
func evmCalls(chain orchestration.Chain, reads []quote.Read) ([]evm.Call, error) {
	return appendEVMCalls(make([]evm.Call, 0, len(reads)), chain, reads)
}

// appendEVMCalls appends reads to calls as the evm.Calls they must be.
func appendEVMCalls(calls []evm.Call, chain orchestration.Chain, reads []quote.Read) ([]evm.Call, error) {
	for _, rd := range reads {
		c, ok := rd.(evm.Call)
		if !ok {
			return calls, fmt.Errorf("%s is an EVM chain, and a %T is no EVM read", chain, rd)
		}
		calls = append(calls, c)
	}
	return calls, nil
}

func (r *Runtime) ReadState(ctx context.Context, chain orchestration.Chain, reads []quote.Read, prev quote.State) (quote.State, error) {
	if !r.Has(chain) {
		return nil, fmt.Errorf("no chain reader is configured for %s", chain)
	}
	calls, err := evmCalls(chain, reads)
	if err != nil {
		return nil, err
	}
	p := Answers(prev)
	if p == nil {
		return r.reader.Read(ctx, chain, calls)
	}
	a, err := r.reader.ReadAt(ctx, chain, calls, p.Block)
	if err != nil {
		return nil, err
	}
	// A fresh Answers: legs of earlier phases hold p, and an abandoned one
	// may still be reading it. The block stays p's (Merge keeps the
	// larger, and an immutable answer may come from a later read).
	merged := evm.NewAnswers(p.Block)
	merged.Merge(p)
	merged.Merge(a)
	merged.Block = p.Block
	return merged, nil
}

// Reads are the funder's allowance for the leg's spender, when it has
// one, and the chain's costs (costReads): its base fee, which prices the
// quote's gas (CostPayload), and its native coin's price (NativePrice),
// in the same batch.
func (r *Runtime) Reads(leg quote.LegRequest) []quote.Read {
	if !r.Has(leg.From.Chain) {
		return nil
	}
	if leg.Spender == "" {
		return r.costReads(leg.From.Chain)
	}
	k := allowanceKey{chain: leg.From.Chain, token: leg.From.Address, funder: leg.Funder.String(), spender: leg.Spender}
	return r.allowances.Get(k, func() []quote.Read {
		return append([]quote.Read{allowanceCall(leg)}, r.costReads(leg.From.Chain)...)
	})
}

func allowanceCall(leg quote.LegRequest) evm.Call {
	return evm.ERC20Allowance(evm.HexToAddress(leg.From.Address), leg.Funder.EVM(), evm.HexToAddress(leg.Spender))
}

func (r *Runtime) BalanceRead(token asset.AssetInfo, holder string) quote.Read {
	if !r.Has(token.Chain) {
		return nil
	}
	k := balanceKey{chain: token.Chain, token: token.Address, holder: holder}
	return r.balances.Get(k, func() quote.Read {
		return evm.ERC20BalanceOf(evm.HexToAddress(token.Address), evm.HexToAddress(holder))
	})
}

func (r *Runtime) Balance(s quote.State, rd quote.Read) (*big.Int, bool) {
	c, ok := rd.(evm.Call)
	if !ok {
		return nil, false
	}
	return uint256Answer(Answers(s), c)
}

// uint256Answer is the decoded answer to c, if a holds one.
func uint256Answer(a *evm.Answers, c evm.Call) (*big.Int, bool) {
	res, ok := a.Get(c)
	if !ok {
		return nil, false
	}
	v, err := evm.DecodeUint256(res)
	return v, err == nil
}

// Steps returns the approve payloads leg needs: none when the funder's
// allowance for the spender covers the amount, else an approve of exactly
// the amount, preceded by an approve of zero for tokens that refuse to
// change a non-zero allowance. An allowance that could not be read counts
// as zero, so the approve is there.
func (r *Runtime) Steps(leg quote.LegRequest, s quote.State, ledger *quote.Ledger) ([]orchestration.Payload, error) {
	if leg.Spender == "" {
		return nil, nil
	}
	grant := quote.Grant{Chain: leg.From.Chain, Asset: leg.From.Address, To: leg.Spender}
	have, ok := ledger.Left(grant)
	if !ok {
		// The allowance read, decoded as DecodeUint256 does; none, the
		// usual answer before a first swap, allocates nothing.
		have = noAllowance
		if res, ok := Answers(s).Get(allowanceCall(leg)); ok && res.OK && len(res.Data) == 32 && !allZero(res.Data) {
			have = new(big.Int).SetBytes(res.Data)
		}
	}
	if have.Cmp(leg.AmountIn) >= 0 {
		ledger.Keep(grant, new(big.Int).Sub(have, leg.AmountIn))
		return nil, nil
	}
	chain, ok := r.cat.Chain(leg.From.Chain)
	if !ok {
		return nil, fmt.Errorf("chain %s is not in the catalog", leg.From.Chain)
	}
	spender, err := spenderName(chain, leg.Spender)
	if err != nil {
		return nil, err
	}
	approve := func(amount *big.Int, what string) orchestration.Payload {
		return orchestration.Payload{
			Annotation: what,
			Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
				Chain: chain.Name, ChainID: chain.ChainID, To: leg.From.Address,
				Data:  approveData(evm.HexToAddress(leg.Spender), amount),
				Value: "0",
			}},
		}
	}
	var out []orchestration.Payload
	if leg.From.ApproveZeroFirst && have.Sign() > 0 {
		out = append(out, approve(new(big.Int), fmt.Sprintf("Reset the %s allowance of %s on %s to zero (%s requires it before a new approval)",
			leg.From.Symbol, spender, chain.Name, leg.From.Symbol)))
	}
	// Concatenated rather than Sprintf'd: this runs for every leg of every
	// candidate route.
	out = append(out, approve(leg.AmountIn, "Approve "+orchestration.FormatUnits(leg.AmountIn, leg.From.Decimals)+" "+
		leg.From.Symbol+" for "+spender+" on "+string(chain.Name)))
	ledger.Keep(grant, new(big.Int))
	return out, nil
}

// noAllowance is a zero allowance, shared: never modified.
var noAllowance = new(big.Int)

func allZero(b []byte) bool {
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}

// approveData is an approve's calldata in hex, in one allocation.
func approveData(spender common.Address, amount *big.Int) string {
	var buf [4 + 2*32]byte
	return evm.HexData(evm.AppendApproveCalldata(buf[:0], spender, amount))
}

// CheckPayload checks an EVM payload: the catalog's chain id, a value and
// calldata that parse, and a target that is a contract of the chain's
// address book or a catalog token, which it may only approve (tokenCall).
func (r *Runtime) CheckPayload(chain asset.ChainInfo, d orchestration.TransactionPayload) error {
	_, _, err := r.check(chain, d)
	return err
}

// CheckLeg is CheckPayload, and an approve grants only what leg pulls: its
// input token, to its spender (spenderName), for at most its amount. The
// engine's own funding steps are such approves; a provider's payload that
// grants anything else (another spender, another token, more) is refused.
func (r *Runtime) CheckLeg(chain asset.ChainInfo, leg quote.LegRequest, d orchestration.TransactionPayload) error {
	a, ok, err := r.check(chain, d)
	if err != nil || !ok {
		return err
	}
	token := leg.From
	switch {
	case !strings.EqualFold(d.EVM.To, token.Address):
		return fmt.Errorf("approves %s, not the leg's input %s (%s)", orchestration.Clip(d.EVM.To), token.Address, token.Symbol)
	case leg.Spender == "":
		return fmt.Errorf("approves %s for %s, yet the leg pulls nothing by allowance", token.Symbol, a.spender.Hex())
	case a.spender != evm.HexToAddress(leg.Spender):
		return fmt.Errorf("approves %s for %s, not the leg's spender %s", token.Symbol, a.spender.Hex(), leg.Spender)
	}
	if _, err := spenderName(chain, leg.Spender); err != nil {
		return err
	}
	var most [32]byte
	leg.AmountIn.FillBytes(most[:]) // below 2^256: validated
	if bytes.Compare(a.amount[:], most[:]) > 0 {
		return fmt.Errorf("approves %s %s, more than the leg's %s", new(big.Int).SetBytes(a.amount[:]), token.Symbol, leg.AmountIn)
	}
	return nil
}

// approval is an approve's arguments, as its calldata has them.
type approval struct {
	spender common.Address
	amount  [32]byte // big-endian
}

// check is CheckPayload; ok says the payload is an approve, a.
func (r *Runtime) check(chain asset.ChainInfo, d orchestration.TransactionPayload) (a approval, ok bool, err error) {
	p := d.EVM
	if p == nil || chain.Runtime != orchestration.RuntimeEVM {
		return a, false, fmt.Errorf("chain %s is not an EVM chain of the catalog", d.Chain())
	}
	if p.ChainID != chain.ChainID {
		return a, false, fmt.Errorf("chainId %d is not %s's %d", p.ChainID, p.Chain, chain.ChainID)
	}
	if p.Value != "0" { // most payloads send nothing: no parsing
		if _, err := orchestration.ParseAmountBits(p.Value, 256); err != nil {
			return a, false, fmt.Errorf("value %q: %v", orchestration.Clip(p.Value), err)
		}
	}
	if !isHexData(p.Data) {
		// Decode only to name the fault; the valid path allocates nothing.
		_, err := hexutil.Decode(p.Data)
		return a, false, fmt.Errorf("data is not 0x-prefixed hex: %v", err)
	}
	// The address book is asked first: it answers without allocating,
	// where Resolve builds an error for every address that is not a token.
	if chain.Contracts.Name(p.To) != "" {
		return a, false, nil
	}
	info, err := r.cat.Resolve(orchestration.AssetAddress{Chain: chain.Name, Address: p.To})
	if err != nil || info.Address != p.To {
		return a, false, fmt.Errorf("calls %s, which is neither a catalog token nor a known contract on %s", orchestration.Clip(p.To), p.Chain)
	}
	return tokenCall(info, p)
}

// tokenCall reads p, a call of the catalog token tok: an approve (ok), or
// a call of no function at all (no calldata, no value: a token's fallback,
// where it has one, moves nothing). Every other call of a token can move
// or grant the signer's tokens outside the leg (transfer, transferFrom,
// increaseAllowance, permit, an authorization), and native currency sent to
// a token is lost: each is refused, named.
func tokenCall(tok asset.AssetInfo, p *orchestration.EVMPayload) (a approval, ok bool, err error) {
	if p.Value != "0" {
		return a, false, fmt.Errorf("sends %s in native currency to %s, a token", p.Value, tok.Symbol)
	}
	if len(p.Data) == 2 { // "0x"
		return a, false, nil
	}
	var data [4 + 2*32]byte // approve(address,uint256)
	n := min(len(data), (len(p.Data)-2)/2)
	for i := range n { // isHexData checked the digits
		data[i] = unhex(p.Data[2+2*i])<<4 | unhex(p.Data[3+2*i])
	}
	switch {
	case n < 4:
		return a, false, fmt.Errorf("calls %s with %d bytes of calldata, no function: only approve may be called on a token", tok.Symbol, n)
	case !bytes.Equal(data[:4], approveSelector):
		return a, false, fmt.Errorf("calls %s on %s: only approve may be called on a token", tokenMethod([4]byte(data[:4])), tok.Symbol)
	case len(p.Data) != 2+2*len(data):
		return a, false, fmt.Errorf("approves %s with %d bytes of calldata, not approve(address,uint256)'s %d", tok.Symbol, (len(p.Data)-2)/2, len(data))
	case !allZero(data[4:16]):
		return a, false, fmt.Errorf("approves %s for a spender word that is no address", tok.Symbol)
	}
	copy(a.spender[:], data[16:36])
	copy(a.amount[:], data[36:])
	return a, true, nil
}

// approveSelector is approve(address,uint256)'s.
var approveSelector = evm.ApproveCalldata(common.Address{}, new(big.Int))[:4]

// unhex is the value of the hex digit c.
func unhex(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// tokenABIs are the ABIs of the catalog's kinds of token, parsed the first
// time a refused call is named.
var tokenABIs = sync.OnceValue(func() []*abi.ABI {
	var out []*abi.ABI
	for _, name := range []string{"MToken", "MExtension", "FiatToken", "TetherToken"} {
		out = append(out, contracts.MustABI(name))
	}
	return out
})

// tokenMethod names the token function selector selects: its signature when a
// token ABI, or the common allowance extensions none of them has, have it,
// else the selector.
//
// It takes the selector by value: a slice of tokenCall's calldata array
// would move the array to the heap on every call, refused or not.
func tokenMethod(selector [4]byte) string {
	sel := selector[:]
	for _, a := range tokenABIs() {
		if m, err := a.MethodById(sel); err == nil {
			return m.Sig
		}
	}
	for _, sig := range []string{"increaseAllowance(address,uint256)", "decreaseAllowance(address,uint256)"} {
		if bytes.Equal(crypto.Keccak256([]byte(sig))[:4], sel) {
			return sig
		}
	}
	return fmt.Sprintf("selector %#x", sel)
}

// spenderName is the name of spender, a contract of chain's address book
// (or one of its Others, an embedder's own) a leg may grant an allowance: not Multicall3, which makes any call for
// anyone (an allowance to it is anyone's), nor the quoter, which pulls
// nothing.
func spenderName(chain asset.ChainInfo, spender string) (string, error) {
	name := chain.Contracts.Name(spender)
	switch {
	case name == "":
		return "", fmt.Errorf("spender %s is not a known contract on %s", spender, chain.Name)
	case strings.EqualFold(spender, chain.Contracts.Multicall3) || strings.EqualFold(spender, chain.Contracts.Quoter):
		return "", fmt.Errorf("spender %s is %s on %s, which no leg's tokens may be granted to", spender, name, chain.Name)
	}
	return name, nil
}

// isHexData reports whether s is what hexutil.Decode accepts ("0x" and an
// even count of hex digits), checked without decoding.
func isHexData(s string) bool {
	if len(s) < 2 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || len(s)%2 != 0 {
		return false
	}
	for i := 2; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// NoPermit names a token the catalog marks without an EIP-2612 permit.
func (r *Runtime) NoPermit(token asset.AssetInfo) string {
	if token.Permit {
		return ""
	}
	return token.Symbol + " on " + string(token.Chain) + " has no EIP-2612 permit"
}

// CheckPermitCall checks that pl's call is a Solidity function signature
// and its value an amount of wei below 2^256.
func (r *Runtime) CheckPermitCall(pl quote.PermitLeg) error {
	if _, err := orchestration.ParseAmountBits(pl.Value, 256); err != nil && pl.Value != "0" {
		return fmt.Errorf("value %q: %v", orchestration.Clip(pl.Value), err)
	}
	if pl.FunctionSignature == "" || !strings.HasSuffix(pl.FunctionSignature, ")") {
		return fmt.Errorf("function signature %q is not a Solidity signature", orchestration.Clip(pl.FunctionSignature))
	}
	return nil
}

// PermitReads are the token's EIP-712 domain reads, the funder's nonce and
// the chain's clock (evm.NewPermitReads, evm.ClockCall).
func (r *Runtime) PermitReads(leg quote.LegRequest) []quote.Read {
	chain, ok := r.cat.Chain(leg.From.Chain)
	if !ok || !r.Has(leg.From.Chain) || chain.Contracts.Multicall3 == "" {
		return nil
	}
	pr := evm.NewPermitReads(evm.HexToAddress(leg.From.Address), leg.Funder.EVM())
	reads := []quote.Read{evm.ClockCall(evm.HexToAddress(chain.Contracts.Multicall3))}
	for _, c := range pr.Calls() {
		reads = append(reads, c)
	}
	return reads
}

func (r *Runtime) PermitDeadline(chain orchestration.Chain, s quote.State, horizon time.Duration) (uint64, error) {
	info, ok := r.cat.Chain(chain)
	if !ok || info.Contracts.Multicall3 == "" {
		return 0, fmt.Errorf("%s has no Multicall3 to read the time from", chain)
	}
	now, err := evm.DecodeClock(Answers(s), evm.HexToAddress(info.Contracts.Multicall3))
	if err != nil {
		return 0, err
	}
	return now + uint64(horizon/time.Second), nil
}

// Permit builds the typed data over the domain the token verifies
// (evm.VerifiedDomain): a token whose DOMAIN_SEPARATOR() is not the hash of
// the domain it reports is refused, never handed out typed data its permit
// would reject.
func (r *Runtime) Permit(s quote.State, leg quote.LegRequest, earlier int, deadline uint64) (orchestration.PermitTypedData, error) {
	chain, ok := r.cat.Chain(leg.From.Chain)
	if !ok {
		return orchestration.PermitTypedData{}, fmt.Errorf("chain %s is not in the catalog", leg.From.Chain)
	}
	if _, err := spenderName(chain, leg.Spender); err != nil {
		return orchestration.PermitTypedData{}, err
	}
	token, owner := evm.HexToAddress(leg.From.Address), leg.Funder.EVM()
	a, pr := Answers(s), evm.NewPermitReads(token, owner)
	d, err := evm.VerifiedDomain(a, pr, token, chain.ChainID)
	if errors.Is(err, eip2612.ErrNoDomain) {
		return orchestration.PermitTypedData{}, fmt.Errorf("%w: %s on %s: %v", quote.ErrNoPermit, leg.From.Symbol, chain.Name, err)
	}
	if err != nil {
		return orchestration.PermitTypedData{}, fmt.Errorf("%s on %s permit domain: %w", leg.From.Symbol, chain.Name, err)
	}
	nonce, err := pr.NonceOf(a)
	if err != nil {
		return orchestration.PermitTypedData{}, fmt.Errorf("%s on %s nonces(%s): %w", leg.From.Symbol, chain.Name, leg.Funder, err)
	}
	nonce.Add(nonce, big.NewInt(int64(earlier)))
	return orchestration.PermitTypedData{
		Domain: orchestration.EIP712Domain{Name: d.Name, Version: d.Version, ChainID: d.ChainID, VerifyingContract: leg.From.Address},
		Message: orchestration.PermitMessage{
			Owner: leg.Funder.String(), Spender: leg.Spender, Value: leg.AmountIn.String(),
			Nonce: nonce.String(), Deadline: fmt.Sprint(deadline),
		},
	}, nil
}

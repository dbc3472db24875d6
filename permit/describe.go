package permit

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/mr-tron/base58"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

// Catalog is what Describe reads of a catalog: tokens by address and chains
// by name and id. *asset.Catalog satisfies it.
type Catalog interface {
	Resolve(a orchestration.AssetAddress) (asset.AssetInfo, error)
	Chain(name orchestration.Chain) (asset.ChainInfo, bool)
	ChainByID(runtime orchestration.ChainRuntime, id uint64) (asset.ChainInfo, bool)
}

var _ Catalog = (*asset.Catalog)(nil)

// ErrUndescribed is the kind of Describe's errors (errors.Is): a payload
// that is not one this project builds, or that names tokens or chains the
// catalog does not know.
var ErrUndescribed = errors.New("payload not described")

// Describe decodes an EVM payload this project builds into one readable
// sentence, for a wallet to show before it signs:
//
//   - an ERC-20 approve of a catalog token: "approve 1 M for the M0
//     SwapFacility on Sepolia";
//   - a SwapFacility swap, swapWithPermit (either overload), swapInM or
//     swapOutM: "swap 10 wM for 10 mUSD to 0xAbC…1234 via the M0
//     SwapFacility on Sepolia";
//   - a Portal sendToken (either overload): "bridge 5 M from Sepolia to
//     BaseSepolia as wM to 0xAbC…1234 via the M Portal (fee 0.0002 in native
//     currency)";
//   - a SwapRouter02 multicall of exactInputSingle, after a selfPermit or
//     not: "swap 1.5 USDC for at least 1.49 wM to 0xAbC…1234 via the Uniswap
//     V3 router on BaseSepolia, by 2026-05-01T12:00:00Z";
//   - an OrderBook openOrder or openOrderWithPermit (either overload).
//
// A call made with a permit ends with ", with a permit valid until …".
// Amounts are in whole tokens, with the catalog's decimals. Anything else
// (an SVM payload, an unknown target or selector, a token or chain the
// catalog does not know, calldata that does not decode) is an error
// wrapping ErrUndescribed.
func Describe(cat Catalog, p orchestration.Payload) (string, error) {
	e := p.Data.EVM
	if e == nil {
		return "", undescribed("not an EVM payload")
	}
	chain, ok := cat.Chain(e.Chain)
	if !ok || chain.Runtime != orchestration.RuntimeEVM {
		return "", undescribed("chain %q is not an EVM chain of the catalog", orchestration.Clip(string(e.Chain)))
	}
	if e.ChainID != chain.ChainID {
		return "", undescribed("chainId %d is not %s's %d", e.ChainID, chain.Name, chain.ChainID)
	}
	to, err := orchestration.ParseEVMAddress(e.To)
	if err != nil {
		return "", undescribed("to: %v", err)
	}
	data, err := hexutil.Decode(e.Data)
	if err != nil || len(data) < 4 {
		return "", undescribed("data is not 0x-prefixed hex calldata")
	}
	value := new(big.Int)
	if e.Value != "" && e.Value != "0" {
		if value, err = orchestration.ParseAmount(e.Value); err != nil {
			return "", undescribed("value: %v", err)
		}
	}
	d := describer{cat: cat, chain: chain, value: value}
	a := abis()
	k := chain.Contracts
	var s string
	switch {
	case same(to, k.SwapFacility):
		s, err = d.facility(a.facility, data)
	case same(to, k.Portal):
		s, err = d.portal(a.portal, data)
	case same(to, k.SwapRouter):
		s, err = d.router(a.router, data)
	case same(to, k.OrderBook):
		s, err = d.book(a.book, data)
	default:
		tok, rerr := cat.Resolve(orchestration.AssetAddress{Chain: chain.Name, Address: to.Hex()})
		if rerr != nil {
			return "", undescribed("%s is neither a catalog token nor a known contract on %s", to.Hex(), chain.Name)
		}
		s, err = d.token(a.erc20, tok, data)
	}
	if err != nil {
		return "", err
	}
	if value.Sign() > 0 && !same(to, k.Portal) {
		s += fmt.Sprintf(", sending %s in native currency", orchestration.FormatUnits(value, 18))
	}
	return s, nil
}

func undescribed(format string, args ...any) error {
	return fmt.Errorf("permit: %w: %s", ErrUndescribed, fmt.Sprintf(format, args...))
}

func same(a common.Address, s string) bool { return s != "" && strings.EqualFold(a.Hex(), s) }

type describer struct {
	cat   Catalog
	chain asset.ChainInfo
	value *big.Int
}

// decode finds the method of a called by data and unpacks its arguments.
func decode(a *abi.ABI, data []byte, contract string, allowed ...string) (abi.Method, []any, error) {
	m, err := a.MethodById(data[:4])
	if err != nil {
		return abi.Method{}, nil, undescribed("selector %#x is not a call of %s", data[:4], contract)
	}
	found := false
	for _, name := range allowed {
		found = found || m.RawName == name
	}
	if !found {
		return abi.Method{}, nil, undescribed("%s is not a call this project builds for %s", m.Sig, contract)
	}
	args, err := m.Inputs.Unpack(data[4:])
	if err != nil {
		return abi.Method{}, nil, undescribed("decoding %s: %v", m.Sig, err)
	}
	return *m, args, nil
}

// asset returns the catalog token at addr on chain.
func (d describer) asset(chain orchestration.Chain, addr string) (asset.AssetInfo, error) {
	info, err := d.cat.Resolve(orchestration.AssetAddress{Chain: chain, Address: addr})
	if err != nil {
		return asset.AssetInfo{}, undescribed("token %s on %s: %v", orchestration.Clip(addr), chain, err)
	}
	return info, nil
}

func (d describer) amount(v *big.Int, a asset.AssetInfo) string {
	return orchestration.FormatUnits(v, a.Decimals) + " " + a.Symbol
}

func (d describer) token(a *abi.ABI, tok asset.AssetInfo, data []byte) (string, error) {
	_, args, err := decode(a, data, tok.Symbol, "approve")
	if err != nil {
		return "", err
	}
	spender, amount := args[0].(common.Address), args[1].(*big.Int)
	name := d.chain.Contracts.Name(spender.Hex())
	if name == "" {
		name = orchestration.ShortAddress(spender.Hex()) + " (not a known contract)"
	}
	return fmt.Sprintf("approve %s for %s on %s", d.amount(amount, tok), name, d.chain.Name), nil
}

func (d describer) facility(a *abi.ABI, data []byte) (string, error) {
	m, args, err := decode(a, data, "the M0 SwapFacility", "swap", "swapWithPermit", "swapInM", "swapOutM")
	if err != nil {
		return "", err
	}
	var (
		in, out   asset.AssetInfo
		amount    *big.Int
		recipient common.Address
		permit    string
	)
	switch m.RawName {
	case "swapInM", "swapOutM":
		ext, err := d.asset(d.chain.Name, args[0].(common.Address).Hex())
		if err != nil {
			return "", err
		}
		// M has no catalog entry to look up from here; it has the
		// extensions' 6 decimals and the swap is 1:1.
		mTok := asset.AssetInfo{Asset: orchestration.Asset{Symbol: "M", Decimals: ext.Decimals}}
		in, out = mTok, ext
		if m.RawName == "swapOutM" {
			in, out = ext, mTok
		}
		amount, recipient = args[1].(*big.Int), args[2].(common.Address)
	default:
		if in, err = d.asset(d.chain.Name, args[0].(common.Address).Hex()); err != nil {
			return "", err
		}
		if out, err = d.asset(d.chain.Name, args[1].(common.Address).Hex()); err != nil {
			return "", err
		}
		amount, recipient = args[2].(*big.Int), args[3].(common.Address)
		if m.RawName == "swapWithPermit" {
			permit = ", with a permit valid until " + when(args[4].(*big.Int))
		}
	}
	return fmt.Sprintf("swap %s for %s to %s via the M0 SwapFacility on %s%s",
		d.amount(amount, in), d.amount(amount, out), orchestration.ShortAddress(recipient.Hex()), d.chain.Name, permit), nil
}

func (d describer) portal(a *abi.ABI, data []byte) (string, error) {
	m, args, err := decode(a, data, "the M Portal", "sendToken")
	if err != nil {
		return "", err
	}
	amount, source := args[0].(*big.Int), args[1].(common.Address)
	destID, destToken, recipient := args[2].(uint32), args[3].([32]byte), args[4].([32]byte)
	in, err := d.asset(d.chain.Name, source.Hex())
	if err != nil {
		return "", err
	}
	dest, ok := d.chainByID(uint64(destID))
	if !ok {
		return "", undescribed("destination chain id %d is not in the catalog", destID)
	}
	outAddr, err := account(dest, destToken)
	if err != nil {
		return "", err
	}
	out, err := d.asset(dest.Name, outAddr)
	if err != nil {
		return "", err
	}
	to, err := account(dest, recipient)
	if err != nil {
		return "", err
	}
	as := ""
	if out.Symbol != in.Symbol {
		as = " as " + out.Symbol
	}
	adapter := ""
	if len(m.Inputs) == 8 {
		adapter = ", bridge adapter " + orchestration.ShortAddress(args[6].(common.Address).Hex())
	}
	return fmt.Sprintf("bridge %s from %s to %s%s to %s via the M Portal (fee %s in native currency%s)",
		d.amount(amount, in), d.chain.Name, dest.Name, as, orchestration.ShortAddress(to), orchestration.FormatUnits(d.value, 18), adapter), nil
}

func (d describer) router(a *abi.ABI, data []byte) (string, error) {
	m, args, err := decode(a, data, "the Uniswap V3 router", "multicall")
	if err != nil {
		return "", err
	}
	calls := args[len(args)-1].([][]byte)
	by := ""
	if m.Sig == AMMSwapSignature {
		by = ", by " + when(args[0].(*big.Int))
	}
	var permit *struct {
		token    common.Address
		value    *big.Int
		deadline *big.Int
	}
	if len(calls) == 2 {
		if len(calls[0]) < 4 {
			return "", undescribed("a multicall call has no selector")
		}
		_, pargs, err := decode(a, calls[0], "the Uniswap V3 router's multicall", "selfPermit", "selfPermitIfNecessary")
		if err != nil {
			return "", err
		}
		permit = &struct {
			token    common.Address
			value    *big.Int
			deadline *big.Int
		}{pargs[0].(common.Address), pargs[1].(*big.Int), pargs[2].(*big.Int)}
		calls = calls[1:]
	}
	if len(calls) != 1 || len(calls[0]) < 4 {
		return "", undescribed("a multicall this project builds holds exactInputSingle, after a selfPermit or not")
	}
	_, sargs, err := decode(a, calls[0], "the Uniswap V3 router's multicall", "exactInputSingle")
	if err != nil {
		return "", err
	}
	p := *abi.ConvertType(sargs[0], new(exactInputSingleParams)).(*exactInputSingleParams)
	in, err := d.asset(d.chain.Name, p.TokenIn.Hex())
	if err != nil {
		return "", err
	}
	out, err := d.asset(d.chain.Name, p.TokenOut.Hex())
	if err != nil {
		return "", err
	}
	var to string
	switch p.Recipient {
	case common.BytesToAddress([]byte{1}):
		to = "the sender"
	case common.BytesToAddress([]byte{2}):
		to = "the router"
	default:
		to = orchestration.ShortAddress(p.Recipient.Hex())
	}
	s := fmt.Sprintf("swap %s for at least %s to %s via the Uniswap V3 router on %s%s",
		d.amount(p.AmountIn, in), d.amount(p.AmountOutMinimum, out), to, d.chain.Name, by)
	if permit != nil {
		if permit.token == p.TokenIn && permit.value.Cmp(p.AmountIn) == 0 {
			s += ", with a permit valid until " + when(permit.deadline)
		} else {
			tok, err := d.asset(d.chain.Name, permit.token.Hex())
			if err != nil {
				return "", err
			}
			s += fmt.Sprintf(", with a permit for %s valid until %s", d.amount(permit.value, tok), when(permit.deadline))
		}
	}
	return s, nil
}

func (d describer) book(a *abi.ABI, data []byte) (string, error) {
	m, args, err := decode(a, data, "the OrderBook", "openOrder", "openOrderWithPermit")
	if err != nil {
		return "", err
	}
	p := *abi.ConvertType(args[0], new(orderParams)).(*orderParams)
	in, err := d.asset(d.chain.Name, p.TokenIn.Hex())
	if err != nil {
		return "", err
	}
	dest, ok := d.chainByID(uint64(p.DestChainId))
	if !ok {
		return "", undescribed("destination chain id %d is not in the catalog", p.DestChainId)
	}
	outAddr, err := account(dest, p.TokenOut)
	if err != nil {
		return "", err
	}
	out, err := d.asset(dest.Name, outAddr)
	if err != nil {
		return "", err
	}
	to, err := account(dest, p.Recipient)
	if err != nil {
		return "", err
	}
	on := ""
	if dest.Name != d.chain.Name {
		on = " on " + string(dest.Name)
	}
	s := fmt.Sprintf("open a limit order selling %s for %s%s to %s via the OrderBook on %s, fill by %s, owned by %s",
		d.amount(p.AmountIn, in), d.amount(p.AmountOut, out), on, orchestration.ShortAddress(to), d.chain.Name,
		when(new(big.Int).SetUint64(uint64(p.FillDeadline))), orchestration.ShortAddress(p.Sender.Hex()))
	if p.Solver != ([32]byte{}) {
		solver, err := account(dest, p.Solver)
		if err != nil {
			return "", err
		}
		s += ", exclusive to solver " + orchestration.ShortAddress(solver)
	}
	if m.RawName == "openOrderWithPermit" {
		s += ", with a permit valid until " + when(args[1].(*big.Int))
	}
	return s, nil
}

// chainByID finds a chain of the catalog by its chain id, EVM first.
func (d describer) chainByID(id uint64) (asset.ChainInfo, bool) {
	if c, ok := d.cat.ChainByID(orchestration.RuntimeEVM, id); ok {
		return c, true
	}
	return d.cat.ChainByID(orchestration.RuntimeSVM, id)
}

// account writes a bytes32 account of chain in its runtime's form.
func account(chain asset.ChainInfo, b [32]byte) (string, error) {
	if chain.Runtime == orchestration.RuntimeSVM {
		return base58.Encode(b[:]), nil
	}
	if [12]byte(b[:12]) != ([12]byte{}) {
		return "", undescribed("%#x is not an EVM address of %s", b, chain.Name)
	}
	return common.BytesToAddress(b[12:]).Hex(), nil
}

// when writes a Unix deadline as RFC 3339 UTC.
func when(unix *big.Int) string {
	if !unix.IsInt64() {
		return unix.String()
	}
	return time.Unix(unix.Int64(), 0).UTC().Format(time.RFC3339)
}

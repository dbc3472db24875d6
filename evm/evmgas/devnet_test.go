package evmgas_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/evm/eip2612"
	"github.com/m0-orchestration/m0/evm/evmgas"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/wormhole/executor"
)

// update rewrites measured.json from this run's measurements:
//
//	go test ./evm/evmgas -run TestMeasuredGas -update
var update = flag.Bool("update", false, "rewrite measured.json from the devnet's receipts")

// measurer sends every operation's payloads on one devnet and records each
// receipt's GasUsed under its operation and case. Every transaction's
// operation is the one Classify names for its calldata and target, so the
// figures are tied to what a payload of that operation encodes.
type measurer struct {
	t   *testing.T
	ctx context.Context
	d   *devnet.Devnet
	got map[evmgas.Operation]map[string]uint64
}

func (m *measurer) chain(name orchestration.Chain) (*devnet.Chain, asset.ChainInfo, *devnet.Contracts) {
	m.t.Helper()
	c, ok := m.d.Chain(name)
	info, ok2 := m.d.Catalog().Chain(name)
	if !ok || !ok2 {
		m.t.Fatalf("no devnet chain %s", name)
	}
	return c, info, m.d.Contracts(name)
}

// send sends data to to on chain name as from with value, waits for it to
// succeed, checks Classify names op for it and records its gas as the
// case what of op (no op: a set-up transaction, not recorded).
func (m *measurer) send(name orchestration.Chain, from devnet.Account, to common.Address, data []byte, value *big.Int, op evmgas.Operation, what string) *types.Receipt {
	m.t.Helper()
	c, info, _ := m.chain(name)
	if op != "" {
		got, err := evmgas.Classify(info, to, data)
		if err != nil || got != op {
			m.t.Fatalf("%s: Classify = %q, %v; want %q", what, got, err, op)
		}
	}
	opts, err := bind.NewKeyedTransactorWithChainID(from.Key, new(big.Int).SetUint64(c.ChainID))
	if err != nil {
		m.t.Fatal(err)
	}
	opts.Context, opts.Value = m.ctx, value
	tx, err := bind.NewBoundContract(to, abi.ABI{}, c.Client(), c.Client(), c.Client()).RawTransact(opts, data)
	if err != nil {
		m.t.Fatalf("%s on %s: %v", what, name, err)
	}
	r, err := c.WaitMined(m.ctx, tx)
	if err != nil {
		m.t.Fatalf("%s on %s: %v", what, name, err)
	}
	if op != "" {
		if m.got[op] == nil {
			m.got[op] = map[string]uint64{}
		}
		if _, dup := m.got[op][what]; dup {
			m.t.Fatalf("case %q of %s measured twice", what, op)
		}
		m.got[op][what] = r.GasUsed
	}
	return r
}

func pack(t *testing.T, contract, sig string, args ...any) []byte {
	t.Helper()
	for _, meth := range contracts.MustABI(contract).Methods {
		if meth.Sig == sig {
			data, err := contracts.Pack(&meth, args...)
			if err != nil {
				t.Fatalf("%s: %v", sig, err)
			}
			return data
		}
	}
	t.Fatalf("%s has no %s", contract, sig)
	return nil
}

func approveData(t *testing.T, spender common.Address, amount *big.Int) []byte {
	return pack(t, "MToken", "approve(address,uint256)", spender, amount)
}

// permit signs owner's EIP-2612 permit of value of token (on chain name)
// to spender, at the owner's current nonce, valid for an hour; it returns
// the 65-byte r‖s‖v signature (v 27 or 28) and the deadline.
func (m *measurer) permit(name orchestration.Chain, owner devnet.Account, token, spender common.Address, value *big.Int) ([]byte, *big.Int) {
	m.t.Helper()
	c, _, _ := m.chain(name)
	info, err := m.d.Catalog().Resolve(orchestration.AssetAddress{Chain: name, Address: token.Hex()})
	if err != nil || !info.Permit {
		m.t.Fatalf("%s on %s: %v (permit %v)", token, name, err, info.Permit)
	}
	erc20, _ := bindings.NewMToken(token, c.Client())
	nonce, err := erc20.Nonces(&bind.CallOpts{Context: m.ctx}, owner.Address)
	if err != nil {
		m.t.Fatal(err)
	}
	deadline := big.NewInt(c.Now().Add(time.Hour).Unix())
	digest := eip2612.Digest(
		eip2612.Domain{Name: info.PermitDomain.Name, Version: info.PermitDomain.Version, ChainID: c.ChainID, VerifyingContract: token},
		eip2612.Message{Owner: owner.Address, Spender: spender, Value: value, Nonce: nonce, Deadline: deadline})
	sig, err := crypto.Sign(digest[:], owner.Key)
	if err != nil {
		m.t.Fatal(err)
	}
	sig[64] += 27
	return sig, deadline
}

func addr32(a common.Address) [32]byte { return common.BytesToHash(a.Bytes()) }

// fresh is a new address that never held anything: a recipient's first
// balance of a token.
func fresh(t *testing.T) common.Address {
	k, err := crypto.GenerateKey()
	if err != nil {
		t.Fatal(err)
	}
	return crypto.PubkeyToAddress(k.PublicKey)
}

var (
	million = big.NewInt(1_000_000)
	// The routes of the measurement: the Portal's own adapter between
	// Sepolia (the hub) and Base Sepolia both ways; Wormhole from both to
	// Arbitrum Sepolia.
	whRoutes = []devnet.Route{{From: orchestration.Sepolia, To: orchestration.ArbitrumSepolia}, {From: orchestration.BaseSepolia, To: orchestration.ArbitrumSepolia}}
	// bothWays: Sepolia and Base Sepolia reach each other through
	// Wormhole, for cancels whose report goes through it.
	bothWays = []devnet.Route{{From: orchestration.Sepolia, To: orchestration.BaseSepolia}, {From: orchestration.BaseSepolia, To: orchestration.Sepolia}}
)

// startDevnet starts a devnet whose routes go through Wormhole (whRoutes,
// bothWays), closed with the test.
func startDevnet(t *testing.T, routes []devnet.Route) *devnet.Devnet {
	t.Helper()
	d, err := devnet.Start(context.Background(), devnet.Config{
		WormholeRoutes: routes,
		Logger:         slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// TestMeasuredGas runs every operation's payloads on a fresh devnet, in
// the cases whose storage work differs (a first approval or permit of an
// owner, a recipient's first balance, a sender's first order, a hub's
// lock or a spoke's burn, M or an extension), and holds the table to the
// receipts: each operation's estimate is at least the most gas any case
// used and at most TolerancePercent above it. With -update it rewrites
// measured.json instead of checking it.
func TestMeasuredGas(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a devnet")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	t.Cleanup(cancel)
	got := map[evmgas.Operation]map[string]uint64{}
	m := &measurer{t: t, ctx: ctx, d: startDevnet(t, whRoutes), got: got}
	m.approvals()
	m.facility()
	m.router()
	// Orders before any token transfer: a cross-chain cancel's report is
	// then its Portal's first message, which creates the Portal's nonce.
	m.orders()
	// Cancels reported through Wormhole on a devnet of their own, so that
	// each Portal's first message is one.
	(&measurer{t: t, ctx: ctx, d: startDevnet(t, bothWays), got: got}).wormholeCancels()
	// Each transfer class on devnets of its own, so that the first send
	// from each chain, which creates its Portal's (and the Wormhole core's)
	// counters, is measured with M and with wM.
	for _, wormhole := range []bool{false, true} {
		for _, first := range []string{"M", "wM"} {
			p := &measurer{t: t, ctx: ctx, d: startDevnet(t, whRoutes), got: got}
			p.portal(wormhole, first)
		}
	}

	measured := evmgas.Table{
		Note: "receipt.GasUsed on the in-process devnet (evm/devnet: the project's stand-in contracts on go-ethereum's " +
			"AllDevChainProtocolChanges, EIP-8037 state gas included; decisions 65 and 89), written by " +
			"go test ./evm/evmgas -run TestMeasuredGas -update",
		Operations: map[evmgas.Operation]evmgas.Measured{},
	}
	for op, cases := range m.got {
		measured.Operations[op] = evmgas.Measured{Gas: evmgas.MaxOf(cases), Cases: cases}
	}
	for _, op := range evmgas.Operations() {
		if _, ok := measured.Operations[op]; !ok {
			t.Errorf("%s was not measured", op)
		}
	}
	report(t, measured)
	if *update {
		raw, err := json.MarshalIndent(measured, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("measured.json", append(raw, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Log("measured.json rewritten; rebuild to use it")
		return
	}
	for _, op := range evmgas.Operations() {
		most := measured.Operations[op].Gas
		est, ok := evmgas.Estimate(op)
		switch {
		case !ok:
			t.Errorf("%s: no estimate", op)
		case est < most:
			t.Errorf("%s: estimate %d is below the %d gas measured (%v)", op, est, most, measured.Operations[op].Cases)
		case est*100 > most*(100+evmgas.TolerancePercent):
			t.Errorf("%s: estimate %d is more than %d%% above the %d gas measured (%v)", op, est, evmgas.TolerancePercent, most, measured.Operations[op].Cases)
		}
	}
}

// report logs the measurements and estimates as a table.
func report(t *testing.T, tab evmgas.Table) {
	var b strings.Builder
	for _, op := range evmgas.Operations() {
		ms := tab.Operations[op]
		est, _ := evmgas.Estimate(op)
		fmt.Fprintf(&b, "%-40s measured %7d  estimate (table) %7d  (new estimate %7d)\n", op, ms.Gas, est, evmgas.EstimateOf(ms.Gas))
		names := make([]string, 0, len(ms.Cases))
		for k := range ms.Cases {
			names = append(names, k)
		}
		slices.Sort(names)
		for _, k := range names {
			fmt.Fprintf(&b, "    %-60s %7d\n", k, ms.Cases[k])
		}
	}
	t.Log("\n" + b.String())
}

// approvals: an owner's first allowance to a spender (a zero slot set),
// a change of it (non-zero to non-zero), and a reset to zero then a new
// allowance (a token whose approve must be reset first), on each kind of
// token the catalog holds.
func (m *measurer) approvals() {
	t := m.t
	const on = orchestration.Sepolia
	_, _, k := m.chain(on)
	carol, _ := devnet.AccountByName("carol")
	for _, tok := range []struct {
		name string
		addr common.Address
	}{{"M", k.MToken}, {"wM", k.WrappedM}, {"USDC", k.USDC}, {"USDT", k.USDT}, {"wMv1", k.WrappedMv1}} {
		spender := k.SwapRouter
		m.send(on, carol, tok.addr, approveData(t, spender, million), nil, evmgas.Approve, tok.name+": first approve of the owner to the spender")
		if tok.name != "USDT" { // its approve must be reset to zero first
			m.send(on, carol, tok.addr, approveData(t, spender, big.NewInt(2_000_000)), nil, evmgas.Approve, tok.name+": approve over a non-zero allowance")
		}
		m.send(on, carol, tok.addr, approveData(t, spender, new(big.Int)), nil, evmgas.Approve, tok.name+": reset to zero")
		m.send(on, carol, tok.addr, approveData(t, spender, abi.MaxUint256), nil, evmgas.Approve, tok.name+": approve after a reset, unlimited")
	}
}

// facility: swap and swapWithPermit between extensions (a proxy one,
// wMv1, included), to a recipient's first balance and to a held one; an
// owner's first permit and a later one; swapInM and swapOutM by an M
// swapper (the deployer).
func (m *measurer) facility() {
	t := m.t
	const on = orchestration.Sepolia
	_, _, k := m.chain(on)
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	carol, _ := devnet.AccountByName("carol")
	deployer, _ := devnet.AccountByName("deployer")
	swap := func(in, out, to common.Address) []byte {
		return pack(t, "SwapFacility", "swap(address,address,uint256,address)", in, out, million, to)
	}
	m.send(on, alice, k.WrappedM, approveData(t, k.SwapFacility, abi.MaxUint256), nil, "", "set-up: alice approves wM")
	m.send(on, alice, k.MetaMaskUSD, approveData(t, k.SwapFacility, abi.MaxUint256), nil, "", "set-up: alice approves mUSD")
	m.send(on, alice, k.SwapFacility, swap(k.WrappedM, k.MetaMaskUSD, fresh(t)), nil, evmgas.FacilitySwap, "wM to mUSD, the recipient's first mUSD")
	m.send(on, alice, k.SwapFacility, swap(k.WrappedM, k.MetaMaskUSD, bob.Address), nil, evmgas.FacilitySwap, "wM to mUSD, to a holder")
	m.send(on, alice, k.SwapFacility, swap(k.MetaMaskUSD, k.WrappedMv1, fresh(t)), nil, evmgas.FacilitySwap, "mUSD to wMv1 (a proxy), the recipient's first wMv1")

	withPermit := func(owner devnet.Account, in, out, to common.Address) []byte {
		sig, deadline := m.permit(on, owner, in, k.SwapFacility, million)
		return pack(t, "SwapFacility", eip2612.SwapWithPermitSignature, in, out, million, to, deadline, sig)
	}
	m.send(on, carol, k.SwapFacility, withPermit(carol, k.WrappedM, k.MetaMaskUSD, fresh(t)), nil, evmgas.FacilitySwapWithPermit, "wM to mUSD, the owner's first wM permit, the recipient's first mUSD")
	m.send(on, carol, k.SwapFacility, withPermit(carol, k.WrappedM, k.MetaMaskUSD, bob.Address), nil, evmgas.FacilitySwapWithPermit, "wM to mUSD, a later permit, to a holder")
	m.send(on, carol, k.SwapFacility, withPermit(carol, k.MetaMaskUSD, k.WrappedM, fresh(t)), nil, evmgas.FacilitySwapWithPermit, "mUSD to wM, the owner's first mUSD permit, the recipient's first wM")

	m.send(on, deployer, k.MToken, pack(t, "MToken", "mint(address,uint256)", deployer.Address, big.NewInt(10_000_000)), nil, "", "set-up: M for the deployer")
	m.send(on, deployer, k.MToken, approveData(t, k.SwapFacility, abi.MaxUint256), nil, "", "set-up: the deployer approves M")
	m.send(on, deployer, k.WrappedM, approveData(t, k.SwapFacility, abi.MaxUint256), nil, "", "set-up: the deployer approves wM")
	in := func(to common.Address) []byte {
		return pack(t, "SwapFacility", "swapInM(address,uint256,address)", k.WrappedM, million, to)
	}
	out := func(to common.Address) []byte {
		return pack(t, "SwapFacility", "swapOutM(address,uint256,address)", k.WrappedM, million, to)
	}
	m.send(on, deployer, k.SwapFacility, in(fresh(t)), nil, evmgas.FacilitySwapInM, "M to wM, the recipient's first wM")
	m.send(on, deployer, k.SwapFacility, in(bob.Address), nil, evmgas.FacilitySwapInM, "M to wM, to a holder")
	m.send(on, deployer, k.SwapFacility, pack(t, "SwapFacility", "swapInM(address,uint256,address)", k.WrappedM, big.NewInt(2_000_000), deployer.Address), nil, "", "set-up: wM for the deployer")
	m.send(on, deployer, k.SwapFacility, out(fresh(t)), nil, evmgas.FacilitySwapOutM, "wM to M, the recipient's first M")
	m.send(on, deployer, k.SwapFacility, out(bob.Address), nil, evmgas.FacilitySwapOutM, "wM to M, to a holder")
}

// router: multicall(deadline, [exactInputSingle]) both ways through the
// USDC/wM and USDT/wM pools, and with selfPermit first (the owner's first
// permit of the token and a later one).
func (m *measurer) router() {
	t := m.t
	const on = orchestration.Sepolia
	c, _, k := m.chain(on)
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	deadline := func() *big.Int { return big.NewInt(c.Now().Add(time.Hour).Unix()) }
	exact := func(in, out, to common.Address) []byte {
		return pack(t, "SwapRouter02", eip2612.ExactInputSingleSignature, bindings.ExactInputSingleParams{
			TokenIn: in, TokenOut: out, Fee: big.NewInt(devnet.AMMFee), Recipient: to,
			AmountIn: million, AmountOutMinimum: new(big.Int), SqrtPriceLimitX96: new(big.Int),
		})
	}
	multicall := func(calls ...[]byte) []byte {
		return pack(t, "SwapRouter02", eip2612.AMMSwapSignature, deadline(), calls)
	}
	for _, tok := range []common.Address{k.USDC, k.USDT, k.WrappedM} {
		m.send(on, alice, tok, approveData(t, k.SwapRouter, abi.MaxUint256), nil, "", "set-up: alice approves the router")
	}
	m.send(on, alice, k.SwapRouter, multicall(exact(k.USDC, k.WrappedM, fresh(t))), nil, evmgas.RouterSwap, "USDC to wM, the recipient's first wM")
	m.send(on, alice, k.SwapRouter, multicall(exact(k.USDT, k.WrappedM, bob.Address)), nil, evmgas.RouterSwap, "USDT to wM, to a holder")
	m.send(on, alice, k.SwapRouter, multicall(exact(k.WrappedM, k.USDC, fresh(t))), nil, evmgas.RouterSwap, "wM to USDC, the recipient's first USDC")
	exactOut := func(in, out, to common.Address) []byte {
		return pack(t, "SwapRouter02", contracts.MustABI("SwapRouter02").Methods["exactOutputSingle"].Sig, bindings.ExactOutputSingleParams{
			TokenIn: in, TokenOut: out, Fee: big.NewInt(devnet.AMMFee), Recipient: to,
			AmountOut: million, AmountInMaximum: new(big.Int).Mul(million, big.NewInt(2)), SqrtPriceLimitX96: new(big.Int),
		})
	}
	m.send(on, alice, k.SwapRouter, multicall(exactOut(k.USDC, k.WrappedM, fresh(t))), nil, evmgas.RouterSwapExactOut, "USDC for an exact wM, the recipient's first wM")
	m.send(on, alice, k.SwapRouter, multicall(exactOut(k.USDT, k.WrappedM, bob.Address)), nil, evmgas.RouterSwapExactOut, "USDT for an exact wM, to a holder")
	m.send(on, alice, k.SwapRouter, multicall(exactOut(k.WrappedM, k.USDC, fresh(t))), nil, evmgas.RouterSwapExactOut, "wM for an exact USDC, the recipient's first USDC")

	selfPermit := func(owner devnet.Account, tok common.Address) []byte {
		sig, dl := m.permit(on, owner, tok, k.SwapRouter, million)
		return pack(t, "SwapRouter02", eip2612.SelfPermitSignature, tok, million, dl, sig[64], [32]byte(sig[:32]), [32]byte(sig[32:64]))
	}
	m.send(on, bob, k.SwapRouter, multicall(selfPermit(bob, k.USDC), exact(k.USDC, k.WrappedM, fresh(t))), nil, evmgas.RouterSwapWithPermit, "USDC to wM, the owner's first USDC permit, the recipient's first wM")
	m.send(on, bob, k.SwapRouter, multicall(selfPermit(bob, k.USDC), exact(k.USDC, k.WrappedM, alice.Address)), nil, evmgas.RouterSwapWithPermit, "USDC to wM, a later permit, to a holder")
	m.send(on, bob, k.SwapRouter, multicall(selfPermit(bob, k.WrappedM), exact(k.WrappedM, k.USDC, fresh(t))), nil, evmgas.RouterSwapWithPermit, "wM to USDC, the owner's first wM permit, the recipient's first USDC")
}

// portal: sendToken from the hub (which locks M) and a spoke (which burns
// it), through the Portal's own adapter or Wormhole's with an Executor
// quote: first the chain's first send, of the token first (M or wM,
// which the Portal unwraps through the SwapFacility), creating its
// Portal's nonce; then, after a first send of M, the later sends of M and
// wM to M and to wM (wrapped on the destination, by the relayer: the
// sender's payload does the same work).
func (m *measurer) portal(wormhole bool, first string) {
	t := m.t
	alice, _ := devnet.AccountByName("alice")
	routes := [][2]orchestration.Chain{{orchestration.Sepolia, orchestration.BaseSepolia}, {orchestration.BaseSepolia, orchestration.Sepolia}}
	if wormhole {
		routes = [][2]orchestration.Chain{{orchestration.Sepolia, orchestration.ArbitrumSepolia}, {orchestration.BaseSepolia, orchestration.ArbitrumSepolia}}
	}
	for _, r := range routes {
		from, to := r[0], r[1]
		c, _, k := m.chain(from)
		dst, _, dk := m.chain(to)
		portal, _ := bindings.NewPortal(k.Portal, c.Client())
		call := &bind.CallOpts{Context: m.ctx}
		var err error
		m.send(from, alice, k.MToken, approveData(t, k.Portal, abi.MaxUint256), nil, "", "set-up: alice approves M to the Portal")
		m.send(from, alice, k.WrappedM, approveData(t, k.Portal, abi.MaxUint256), nil, "", "set-up: alice approves wM to the Portal")
		side := "spoke"
		if from == orchestration.Sepolia {
			side = "hub"
		}
		pairs := [][2]common.Address{{k.MToken, dk.MToken}, {k.WrappedM, dk.WrappedM}, {k.MToken, dk.WrappedM}, {k.WrappedM, dk.MToken}}
		if first == "wM" {
			pairs = pairs[1:2]
		}
		op := evmgas.PortalSend
		if wormhole {
			op = evmgas.PortalSendWormhole
		}
		for i, p := range pairs {
			var (
				args  = []byte{}
				value *big.Int
			)
			if wormhole {
				args, value = m.wormholeQuote(from, uint32(dst.ChainID), 0)
			} else if value, err = portal.Quote0(call, uint32(dst.ChainID), 0); err != nil {
				t.Fatal(err)
			}
			data := pack(t, "Portal", "sendToken(uint256,address,uint32,bytes32,bytes32,bytes32,bytes)",
				million, p[0], uint32(dst.ChainID), addr32(p[1]), addr32(fresh(t)), addr32(alice.Address), args)
			when := "a later send"
			if i == 0 {
				when = "the chain's first send"
			}
			m.send(from, alice, k.Portal, data, value, op, fmt.Sprintf("%s (%s) to %s, %s to %s, %s", from, side, to, symbol(k, p[0]), symbol(dk, p[1]), when))
		}
	}
}

// wormholeQuote is what a send of payloadType from chain name's Portal to
// the M0 chain dest through its Wormhole adapter carries, as the service
// builds it (decisions 67 and 94): the Executor's signed quote for the
// relay instructions of the Portal's payload gas limit and the adapter's
// msg value, as the adapter arguments, and the core bridge's message fee
// plus the quote's cost, as the value.
func (m *measurer) wormholeQuote(name orchestration.Chain, dest uint32, payloadType uint8) (args []byte, value *big.Int) {
	t := m.t
	t.Helper()
	c, _, k := m.chain(name)
	call := &bind.CallOpts{Context: m.ctx}
	portal, _ := bindings.NewPortal(k.Portal, c.Client())
	gas, err := portal.PayloadGasLimit(call, dest, payloadType)
	if err != nil {
		t.Fatal(err)
	}
	adapter, _ := bindings.NewWormholeBridgeAdapter(k.WormholeAdapter, c.Client())
	msgValue, err := adapter.GetMsgValue(call, dest)
	if err != nil {
		t.Fatal(err)
	}
	dstID, err := adapter.GetBridgeChainId(call, dest)
	if err != nil {
		t.Fatal(err)
	}
	srcID, _ := devnet.WormholeChainID(c.ChainID)
	ex, err := executor.New(executor.Config{BaseURL: m.d.ExecutorURL()})
	if err != nil {
		t.Fatal(err)
	}
	q, err := ex.Quote(m.ctx, executor.Request{SrcChain: srcID, DstChain: uint16(dstID.Uint64()), Relay: executor.RelayInstructions{GasLimit: gas, MsgValue: msgValue}})
	if err != nil {
		t.Fatal(err)
	}
	core, _ := bindings.NewWormholeCore(k.WormholeCore, c.Client())
	fee, err := core.MessageFee(call)
	if err != nil {
		t.Fatal(err)
	}
	return q.Signed.Raw, new(big.Int).Add(fee, q.EstimatedCost)
}

func symbol(k *devnet.Contracts, a common.Address) string {
	switch a {
	case k.MToken:
		return "M"
	case k.WrappedM:
		return "wM"
	}
	return a.Hex()
}

// opened is an order the measurement opened: its origin and id.
type opened struct {
	origin orchestration.Chain
	id     [32]byte
}

// open opens an order of a million of tokenIn from sender on chain on to
// bob on dest, by openOrder or openOrderWithPermit, measured as what of
// op.
func (m *measurer) open(on orchestration.Chain, sender devnet.Account, dest orchestration.Chain, tokenIn common.Address, withPermit bool, op evmgas.Operation, what string) opened {
	t := m.t
	t.Helper()
	bob, _ := devnet.AccountByName("bob")
	c, _, k := m.chain(on)
	dc, _, dk := m.chain(dest)
	p := bindings.OrderParams{
		DestChainId: uint32(dc.ChainID), FillDeadline: uint32(c.Now().Add(time.Hour).Unix()),
		TokenIn: tokenIn, TokenOut: addr32(dk.USDC), AmountIn: million, AmountOut: big.NewInt(900_000),
		Recipient: addr32(bob.Address), Sender: sender.Address,
	}
	var data []byte
	if withPermit {
		sig, dl := m.permit(on, sender, tokenIn, k.OrderBook, million)
		data = pack(t, "OrderBook", eip2612.LimitOrderSignature, p, dl, sig)
	} else {
		data = pack(t, "OrderBook", "openOrder((uint32,uint32,address,bytes32,uint128,uint128,bytes32,bytes32,address))", p)
	}
	r := m.send(on, sender, k.OrderBook, data, nil, op, what)
	book, _ := bindings.NewOrderBook(k.OrderBook, c.Client())
	for _, l := range r.Logs {
		if ev, err := book.ParseOrderOpened(*l); err == nil {
			return opened{on, ev.OrderId}
		}
	}
	t.Fatalf("%s: no OrderOpened", what)
	return opened{}
}

// orderData is o's OrderData, as its origin's getOrderData gives it.
func (m *measurer) orderData(o opened) bindings.OrderData {
	m.t.Helper()
	oc, _, ok := m.chain(o.origin)
	origin, _ := bindings.NewOrderBook(ok.OrderBook, oc.Client())
	od, err := origin.GetOrderData(&bind.CallOpts{Context: m.ctx}, o.id)
	if err != nil {
		m.t.Fatal(err)
	}
	return od
}

// cancel cancels order id (whose OrderData is od) on chain on as by,
// measured as what of op: cancelOrder(id, od) paying the Portal's quote of
// a cancel report (6) when the origin is another chain, or, for
// OrderCancelCrossChainWormhole, cancelOrder(id, od, signedQuote) paying
// the message fee and the Executor's cost (wormholeQuote).
func (m *measurer) cancel(id [32]byte, od bindings.OrderData, on orchestration.Chain, by devnet.Account, op evmgas.Operation, what string) {
	t := m.t
	t.Helper()
	c, _, k := m.chain(on)
	const cancelSig = "cancelOrder(bytes32,(uint16,bytes32,uint64,uint32,uint32,uint64,uint64,bytes32,bytes32,uint128,uint128,bytes32,bytes32)"
	var (
		value *big.Int
		data  []byte
		err   error
	)
	switch {
	case op == evmgas.OrderCancelCrossChainWormhole:
		var args []byte
		args, value = m.wormholeQuote(on, od.OriginChainId, 6)
		data = pack(t, "OrderBook", cancelSig+",bytes)", id, od, args)
	case uint64(od.OriginChainId) != c.ChainID:
		portal, _ := bindings.NewPortal(k.Portal, c.Client())
		if value, err = portal.Quote0(&bind.CallOpts{Context: m.ctx}, od.OriginChainId, 6); err != nil { // the cancel report
			t.Fatal(err)
		}
		fallthrough
	default:
		data = pack(t, "OrderBook", cancelSig+")", id, od)
	}
	m.send(on, by, k.OrderBook, data, value, op, what)
}

// orders: openOrder same-chain and cross-chain, a sender's first order and
// a later one; openOrderWithPermit with the owner's first permit and a
// later one; cancelOrder on the origin of a same-chain order (by its
// sender) and on the destination of a cross-chain one (by its recipient,
// paying the cancel report), each way between the hub and a spoke.
func (m *measurer) orders() {
	t := m.t
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	carol, _ := devnet.AccountByName("carol")
	for _, on := range []orchestration.Chain{orchestration.Sepolia, orchestration.BaseSepolia} {
		_, _, k := m.chain(on)
		m.send(on, alice, k.WrappedM, approveData(t, k.OrderBook, abi.MaxUint256), nil, "", "set-up: alice approves wM to the OrderBook")
	}
	var (
		sameChain = m.open(orchestration.Sepolia, alice, orchestration.Sepolia, m.d.Contracts(orchestration.Sepolia).WrappedM, false, evmgas.OrderOpen, "same-chain, the sender's first order")
		crossHub  = m.open(orchestration.Sepolia, alice, orchestration.BaseSepolia, m.d.Contracts(orchestration.Sepolia).WrappedM, false, evmgas.OrderOpen, "Sepolia to Base Sepolia, a later order")
		sameLater = m.open(orchestration.Sepolia, alice, orchestration.Sepolia, m.d.Contracts(orchestration.Sepolia).WrappedM, false, evmgas.OrderOpen, "same-chain, a later order")
		crossSpk  = m.open(orchestration.BaseSepolia, alice, orchestration.Sepolia, m.d.Contracts(orchestration.BaseSepolia).WrappedM, false, evmgas.OrderOpen, "Base Sepolia to Sepolia, the sender's first order there")
		crossLate = m.open(orchestration.Sepolia, alice, orchestration.BaseSepolia, m.d.Contracts(orchestration.Sepolia).WrappedM, false, evmgas.OrderOpen, "Sepolia to Base Sepolia, a third order")
	)
	m.open(orchestration.Sepolia, carol, orchestration.BaseSepolia, m.d.Contracts(orchestration.Sepolia).MetaMaskUSD, true, evmgas.OrderOpenWithPermit, "cross-chain, the owner's first mUSD permit, the sender's first order")
	m.open(orchestration.Sepolia, carol, orchestration.BaseSepolia, m.d.Contracts(orchestration.Sepolia).MetaMaskUSD, true, evmgas.OrderOpenWithPermit, "cross-chain, a later permit and order")
	m.open(orchestration.Sepolia, carol, orchestration.Sepolia, m.d.Contracts(orchestration.Sepolia).WrappedM, true, evmgas.OrderOpenWithPermit, "same-chain, the owner's first wM permit")

	if err := m.d.SyncClocks(); err != nil {
		t.Fatal(err)
	}
	cancel := func(o opened, on orchestration.Chain, by devnet.Account, op evmgas.Operation, what string) {
		m.cancel(o.id, m.orderData(o), on, by, op, what)
	}
	cancel(sameChain, orchestration.Sepolia, alice, evmgas.OrderCancel, "same-chain, by the sender")
	cancel(sameLater, orchestration.Sepolia, bob, evmgas.OrderCancel, "same-chain, by the recipient")
	cancel(crossHub, orchestration.BaseSepolia, bob, evmgas.OrderCancelCrossChain, "on Base Sepolia (spoke) of an order from Sepolia, by the recipient, its Portal's first message")
	cancel(crossSpk, orchestration.Sepolia, bob, evmgas.OrderCancelCrossChain, "on Sepolia (hub) of an order from Base Sepolia, by the recipient, its Portal's first message")
	cancel(crossLate, orchestration.BaseSepolia, bob, evmgas.OrderCancelCrossChain, "on Base Sepolia (spoke) of an order from Sepolia, a later message of its Portal")
}

// wormholeCancels, on a devnet whose Portals reach each other through the
// Wormhole adapter and whose hub reaches Solana (decision 94):
// cancelOrder(orderId, orderData, signedQuote) on the destination of an
// order from another chain, by its recipient, the report published on
// the core bridge and the Executor paid. The first message of each
// Portal (which creates its nonce and the adapter's core sequence): on
// the hub the cancel of an order from Solana (one the hub never saw, as
// every such order is until filled), reported to Solana, on the spoke
// one of an order from the hub; and a later message of each.
func (m *measurer) wormholeCancels() {
	t := m.t
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	const hub, spoke = orchestration.Sepolia, orchestration.BaseSepolia
	hc, _, hk := m.chain(hub)
	if err := m.d.ConfigureSolana(m.ctx, hub, devnet.SolanaDestination{
		Peer: [32]byte{0: 0x0b, 31: 0x5a}, Tokens: map[common.Address][32]byte{hk.WrappedM: {0: 0x77}}, MsgValue: 5_000_000, ComputeUnits: 400_000,
	}); err != nil {
		t.Fatal(err)
	}
	for _, on := range []orchestration.Chain{hub, spoke} {
		_, _, k := m.chain(on)
		m.send(on, alice, k.WrappedM, approveData(t, k.OrderBook, abi.MaxUint256), nil, "", "set-up: alice approves wM to the OrderBook")
	}
	toSpoke := m.open(hub, alice, spoke, hk.WrappedM, false, "", "set-up: an order from Sepolia to Base Sepolia")
	toHub := m.open(spoke, alice, hub, m.d.Contracts(spoke).WrappedM, false, "", "set-up: an order from Base Sepolia to Sepolia")
	toSpokeLater := m.open(hub, alice, spoke, hk.WrappedM, false, "", "set-up: another order from Sepolia to Base Sepolia")
	if err := m.d.SyncClocks(); err != nil {
		t.Fatal(err)
	}
	op := evmgas.OrderCancelCrossChainWormhole
	// An order from Solana bound for the hub, as its origin holds it: the
	// sender and token in are Solana keys (32 bytes with no zero to spare,
	// the dearest calldata); the hub computes its id. Its cancel is the
	// hub Portal's first message, reported to Solana.
	now := uint64(hc.Now().Unix())
	od := bindings.OrderData{Version: 1, Sender: crypto.Keccak256Hash([]byte("a Solana sender")), Nonce: 9, OriginChainId: devnet.SolanaDevnetChainID,
		DestChainId: uint32(hc.ChainID), CreatedAt: now - 60, FillDeadline: now + 3600, TokenIn: crypto.Keccak256Hash([]byte("a Solana mint")), TokenOut: addr32(hk.WrappedM),
		AmountIn: big.NewInt(7_000_000), AmountOut: big.NewInt(6_900_000), Recipient: addr32(bob.Address)}
	hubBook, _ := bindings.NewOrderBook(hk.OrderBook, hc.Client())
	id, err := hubBook.GetOrderId(&bind.CallOpts{Context: m.ctx}, od)
	if err != nil {
		t.Fatal(err)
	}
	m.cancel(id, od, hub, bob, op, "on Sepolia (hub) of an order from Solana, reported to Solana, its Portal's first message")
	m.cancel(toSpoke.id, m.orderData(toSpoke), spoke, bob, op, "on Base Sepolia (spoke) of an order from Sepolia, its Portal's first message")
	m.cancel(toHub.id, m.orderData(toHub), hub, bob, op, "on Sepolia (hub) of an order from Base Sepolia, a later message of its Portal")
	m.cancel(toSpokeLater.id, m.orderData(toSpokeLater), spoke, bob, op, "on Base Sepolia (spoke) of an order from Sepolia, a later message of its Portal")
}

package devnet_test

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"log/slog"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/wormhole/executor"
	"github.com/m0-orchestration/m0/wormhole/executor/standin"
)

// anyRevertName decodes the custom error (or Error(string) reason) of a
// revert, looking it up in every stand-in's ABI.
func anyRevertName(err error) string {
	var de rpc.DataError
	if !errors.As(err, &de) {
		if err == nil {
			return "<no error>"
		}
		return "<no revert data: " + err.Error() + ">"
	}
	s, _ := de.ErrorData().(string)
	data, derr := hexutil.Decode(s)
	if derr != nil || len(data) < 4 {
		return ""
	}
	if reason, err := abi.UnpackRevert(data); err == nil {
		return reason
	}
	for _, name := range contracts.Names() {
		for n, e := range contracts.MustABI(name).Errors {
			if bytes.Equal(e.ID[:4], data[:4]) {
				return n
			}
		}
	}
	return "<unknown error " + hexutil.Encode(data[:4]) + ">"
}

// whWorld is a devnet with a sender (alice) on Sepolia and the pieces a
// send through the Wormhole adapter needs.
type whWorld struct {
	t          *testing.T
	ctx        context.Context
	d          *devnet.Devnet
	src, dst   *devnet.Chain
	k          *devnet.Contracts // Sepolia's
	portal     *bindings.Portal
	alice, bob devnet.Account
	client     *executor.Client
}

func newWHWorld(t *testing.T, cfg devnet.Config) *whWorld {
	d := start(t, cfg)
	src, _ := d.Chain(orchestration.Sepolia)
	dst, _ := d.Chain(orchestration.BaseSepolia)
	k := d.Contracts(orchestration.Sepolia)
	portal, _ := bindings.NewPortal(k.Portal, src.Client())
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	w := &whWorld{t: t, ctx: context.Background(), d: d, src: src, dst: dst, k: k, portal: portal, alice: alice, bob: bob}
	if d.ExecutorURL() != "" {
		c, err := executor.New(executor.Config{BaseURL: d.ExecutorURL()})
		if err != nil {
			t.Fatal(err)
		}
		w.client = c
	}
	wm, _ := bindings.NewMExtension(k.WrappedM, src.Client())
	w.mined(src)(wm.Approve(w.opts(src, nil), k.Portal, million))
	return w
}

func (w *whWorld) opts(c *devnet.Chain, value *big.Int) *bind.TransactOpts {
	o, _ := bind.NewKeyedTransactorWithChainID(w.alice.Key, new(big.Int).SetUint64(c.ChainID))
	o.Context = w.ctx
	o.Value = value
	return o
}

func (w *whWorld) mined(c *devnet.Chain) func(*types.Transaction, error) *types.Receipt {
	return func(tx *types.Transaction, err error) *types.Receipt {
		w.t.Helper()
		if err != nil {
			w.t.Fatalf("on %s: %v (%s)", c.Name, err, anyRevertName(err))
		}
		r, err := c.WaitMined(w.ctx, tx)
		if err != nil {
			w.t.Fatal(err)
		}
		return r
	}
}

// relay is the relay instructions the adapter will send for a token
// transfer to dest: the Portal's payload gas limit and the adapter's msg
// value.
func (w *whWorld) relay(dest uint32) executor.RelayInstructions {
	w.t.Helper()
	gas, err := w.portal.PayloadGasLimit(nil, dest, 0)
	if err != nil {
		w.t.Fatal(err)
	}
	adapter, _ := bindings.NewWormholeBridgeAdapter(w.k.WormholeAdapter, w.src.Client())
	value, err := adapter.GetMsgValue(nil, dest)
	if err != nil {
		w.t.Fatal(err)
	}
	return executor.RelayInstructions{GasLimit: gas, MsgValue: value}
}

func (w *whWorld) messageFee() *big.Int {
	w.t.Helper()
	core, _ := bindings.NewWormholeCore(w.k.WormholeCore, w.src.Client())
	fee, err := core.MessageFee(nil)
	if err != nil {
		w.t.Fatal(err)
	}
	return fee
}

func (w *whWorld) native(c *devnet.Chain, a common.Address) *big.Int {
	w.t.Helper()
	b, err := c.Client().BalanceAt(w.ctx, a, nil)
	if err != nil {
		w.t.Fatal(err)
	}
	return b
}

// TestWormholeTransferExecutedAndRelayed: with Config.Wormhole, an
// EVM → EVM sendToken (7 arguments: the default adapter) carrying a quote
// fetched from the devnet's Executor API and the message fee plus the
// quote's cost is executed, the payee is paid, and the relayer executes the
// VAA on the destination, where the recipient receives the extension.
func TestWormholeTransferExecutedAndRelayed(t *testing.T) {
	w := newWHWorld(t, devnet.Config{Wormhole: true})
	dest := uint32(w.dst.ChainID)
	kd := w.d.Contracts(orchestration.BaseSepolia)

	if got, err := w.portal.DefaultBridgeAdapter(nil, dest); err != nil || got != w.k.WormholeAdapter {
		t.Fatalf("default adapter to Base Sepolia = %s, %v; want the Wormhole adapter %s", got, err, w.k.WormholeAdapter)
	}
	// The Portal's quote asks the adapter, which refuses on-chain quotes.
	if _, err := w.portal.Quote0(nil, dest, 0); anyRevertName(err) != "OnChainQuoteNotSupported" {
		t.Fatalf("portal quote: %v (%s), want OnChainQuoteNotSupported", err, anyRevertName(err))
	}

	relay := w.relay(dest)
	q, err := w.client.Quote(w.ctx, executor.Request{SrcChain: devnet.WormholeSepolia, DstChain: devnet.WormholeBaseSepolia, Relay: relay})
	if err != nil {
		t.Fatal(err)
	}
	if w.d.Executor().Requests() != 1 {
		t.Errorf("executor stand-in served %d requests, want 1", w.d.Executor().Requests())
	}
	fee := w.messageFee()
	value := new(big.Int).Add(fee, q.EstimatedCost)
	amount := big.NewInt(1_250_000)
	payeeBefore := w.native(w.src, devnet.ExecutorPayee)
	coreBefore := w.native(w.src, w.k.WormholeCore)
	bobBefore := balance(t, w.dst, kd.WrappedM, w.bob.Address)

	rc := w.mined(w.src)(w.portal.SendToken0(w.opts(w.src, value), amount, w.k.WrappedM, dest, addr32(kd.WrappedM),
		addr32(w.bob.Address), addr32(w.alice.Address), q.Signed.Raw))

	if got := new(big.Int).Sub(w.native(w.src, devnet.ExecutorPayee), payeeBefore); got.Cmp(q.EstimatedCost) != 0 {
		t.Errorf("payee received %s wei, want the estimated cost %s", got, q.EstimatedCost)
	}
	if got := new(big.Int).Sub(w.native(w.src, w.k.WormholeCore), coreBefore); got.Cmp(fee) != 0 {
		t.Errorf("core bridge received %s wei, want the message fee %s", got, fee)
	}
	pf, _ := bindings.NewPortalFilterer(w.k.Portal, nil)
	ef, _ := bindings.NewExecutorFilterer(w.k.WormholeExecutor, nil)
	cf, _ := bindings.NewWormholeCoreFilterer(w.k.WormholeCore, nil)
	var sent, requested, published, relayed int
	for _, l := range rc.Logs {
		if e, err := pf.ParseTokenSent(*l); err == nil {
			sent++
			if e.BridgeAdapter != w.k.WormholeAdapter {
				t.Errorf("TokenSent names adapter %s, want the Wormhole adapter", e.BridgeAdapter)
			}
		}
		if _, err := pf.ParseMessageSent(*l); err == nil {
			relayed++
		}
		if e, err := ef.ParseRequestForExecution(*l); err == nil {
			requested++
			if e.AmtPaid.Cmp(q.EstimatedCost) != 0 || e.QuoterAddress != standin.DevnetQuoter || e.DstChain != devnet.WormholeBaseSepolia ||
				common.BytesToAddress(e.DstAddr[:]) != kd.WormholeAdapter || !bytes.Equal(e.SignedQuote, q.Signed.Raw) {
				t.Errorf("RequestForExecution %+v", e)
			}
			wantRelay, _ := relay.Bytes()
			if !bytes.Equal(e.RelayInstructions, wantRelay) {
				t.Errorf("relay instructions %x, want %x", e.RelayInstructions, wantRelay)
			}
			if len(e.RequestBytes) != 46 || string(e.RequestBytes[:4]) != "ERV1" ||
				!bytes.Equal(e.RequestBytes[6:38], common.LeftPadBytes(w.k.WormholeAdapter.Bytes(), 32)) {
				t.Errorf("request bytes %x, want ERV1 from the adapter", e.RequestBytes)
			}
		}
		if e, err := cf.ParseLogMessagePublished(*l); err == nil {
			published++
			if e.Sender != w.k.WormholeAdapter || e.Nonce != 0 {
				t.Errorf("LogMessagePublished by %s nonce %d", e.Sender, e.Nonce)
			}
		}
	}
	if sent != 1 || requested != 1 || published != 1 || relayed != 0 {
		t.Fatalf("logs: %d TokenSent, %d RequestForExecution, %d LogMessagePublished, %d MessageSent; want 1, 1, 1, 0", sent, requested, published, relayed)
	}

	want := new(big.Int).Add(bobBefore, amount)
	deadline := time.Now().Add(15 * time.Second)
	for balance(t, w.dst, kd.WrappedM, w.bob.Address).Cmp(want) != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("bob holds %s wM on Base Sepolia, want %s: not relayed", balance(t, w.dst, kd.WrappedM, w.bob.Address), want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestWormholeSendRefusals: the adapter and the Executor refuse a send whose
// value is below the message fee, whose quote has expired, is for another
// destination or source chain, or is signed by another quoter, each with
// its named error; nothing is paid.
func TestWormholeSendRefusals(t *testing.T) {
	w := newWHWorld(t, devnet.Config{Wormhole: true, NoRelayer: true, Logger: slog.New(slog.NewTextHandler(testWriter{t}, nil))})
	dest := uint32(w.dst.ChainID)
	kd := w.d.Contracts(orchestration.BaseSepolia)
	relay := w.relay(dest)
	relayBytes, _ := relay.Bytes()
	relayHex := "0x" + hex.EncodeToString(relayBytes)
	var payee [32]byte
	copy(payee[12:], devnet.ExecutorPayee.Bytes())

	quote := func(cfg standin.Config, src, dst uint16) ([]byte, *big.Int) {
		t.Helper()
		cfg.Payee = payee
		s, err := standin.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		q, cost, err := s.Quote(src, dst, relayHex)
		if err != nil {
			t.Fatal(err)
		}
		return q, cost
	}
	good, cost := quote(standin.Config{}, devnet.WormholeSepolia, devnet.WormholeBaseSepolia)
	fee := w.messageFee()
	full := new(big.Int).Add(fee, cost)
	expired, _ := quote(standin.Config{Lifetime: -time.Minute}, devnet.WormholeSepolia, devnet.WormholeBaseSepolia)
	otherDst, _ := quote(standin.Config{}, devnet.WormholeSepolia, devnet.WormholeArbitrumSepolia)
	otherSrc, _ := quote(standin.Config{}, devnet.WormholeArbitrumSepolia, devnet.WormholeBaseSepolia)
	stranger, _ := crypto.GenerateKey()
	otherQuoter, _ := quote(standin.Config{Key: stranger}, devnet.WormholeSepolia, devnet.WormholeBaseSepolia)

	tests := []struct {
		name  string
		quote []byte
		value *big.Int
		want  string
	}{
		{"no value", good, nil, "InsufficientFee"},
		{"value one wei below the message fee", good, new(big.Int).Sub(fee, big.NewInt(1)), "InsufficientFee"},
		{"expired quote", expired, full, "QuoteExpired"},
		{"quote for another destination", otherDst, full, "QuoteDstChainMismatch"},
		{"quote from another source", otherSrc, full, "QuoteSrcChainMismatch"},
		{"quote signed by another quoter", otherQuoter, full, "QuoteSignerMismatch"},
		{"no quote", nil, full, "InvalidQuote"},
	}
	payeeBefore := w.native(w.src, devnet.ExecutorPayee)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := w.portal.SendToken0(w.opts(w.src, tt.value), big.NewInt(1_000_000), w.k.WrappedM, dest, addr32(kd.WrappedM),
				addr32(w.bob.Address), addr32(w.alice.Address), tt.quote)
			if got := anyRevertName(err); got != tt.want {
				t.Errorf("revert %q (%v), want %s", got, err, tt.want)
			}
		})
	}
	if got := w.native(w.src, devnet.ExecutorPayee); got.Cmp(payeeBefore) != 0 {
		t.Errorf("payee balance moved from %s to %s", payeeBefore, got)
	}
	// The good quote with the full value goes through, and delivery on
	// demand executes it.
	w.mined(w.src)(w.portal.SendToken0(w.opts(w.src, full), big.NewInt(1_000_000), w.k.WrappedM, dest, addr32(kd.WrappedM),
		addr32(w.bob.Address), addr32(w.alice.Address), good))
	if n, err := w.d.Relay(w.ctx); err != nil || n != 1 {
		t.Fatalf("Relay delivered %d, %v; want 1", n, err)
	}
}

// TestWormholeAdapterIsAlwaysDeployed: without Config.Wormhole the Portal
// stays its own default adapter (no Executor API runs), yet the Wormhole
// adapter is deployed, wired and supported, so the 8-argument sendToken
// naming it is executed and relayed; a forged VAA is refused.
func TestWormholeAdapterIsAlwaysDeployed(t *testing.T) {
	w := newWHWorld(t, devnet.Config{})
	dest := uint32(w.dst.ChainID)
	kd := w.d.Contracts(orchestration.BaseSepolia)
	if w.d.ExecutorURL() != "" || w.d.Executor() != nil {
		t.Errorf("ExecutorURL() = %q without Wormhole routes, want empty", w.d.ExecutorURL())
	}
	if got, _ := w.portal.DefaultBridgeAdapter(nil, dest); got != w.k.Portal {
		t.Errorf("default adapter %s, want the Portal", got)
	}
	if ok, _ := w.portal.SupportedBridgeAdapter(nil, dest, w.k.WormholeAdapter); !ok {
		t.Error("the Wormhole adapter is not supported")
	}
	// The Portal's own routes keep their fee.
	if fee, err := w.portal.Quote0(nil, dest, 0); err != nil || fee.Sign() <= 0 {
		t.Errorf("portal quote %v, %v", fee, err)
	}

	// The Portal's own payload gas limit (200,000) prices its fee but is
	// too little for the adapter's relay, which executes with exactly it:
	// raise it, as Config.Wormhole does for its routes.
	deployer, _ := devnet.AccountByName("deployer")
	o, _ := bind.NewKeyedTransactorWithChainID(deployer.Key, new(big.Int).SetUint64(w.src.ChainID))
	w.mined(w.src)(w.portal.SetPayloadGasLimit(o, dest, 0, big.NewInt(1_000_000)))

	var payee [32]byte
	copy(payee[12:], devnet.ExecutorPayee.Bytes())
	s, _ := standin.New(standin.Config{Payee: payee})
	relay := w.relay(dest)
	rb, _ := relay.Bytes()
	q, cost, err := s.Quote(devnet.WormholeSepolia, devnet.WormholeBaseSepolia, "0x"+hex.EncodeToString(rb))
	if err != nil {
		t.Fatal(err)
	}
	bobBefore := balance(t, w.dst, kd.MToken, w.bob.Address)
	w.mined(w.src)(w.portal.SendToken(w.opts(w.src, new(big.Int).Add(w.messageFee(), cost)), big.NewInt(3_000_000), w.k.WrappedM, dest,
		addr32(kd.MToken), addr32(w.bob.Address), addr32(w.alice.Address), w.k.WormholeAdapter, q))
	want := new(big.Int).Add(bobBefore, big.NewInt(3_000_000))
	deadline := time.Now().Add(15 * time.Second)
	for balance(t, w.dst, kd.MToken, w.bob.Address).Cmp(want) != 0 {
		if time.Now().After(deadline) {
			t.Fatal("the transfer through the named Wormhole adapter was not relayed")
		}
		time.Sleep(20 * time.Millisecond)
	}

	// A VAA the devnet guardian did not sign is refused.
	adapter, _ := bindings.NewWormholeBridgeAdapter(kd.WormholeAdapter, w.dst.Client())
	forger, _ := crypto.GenerateKey()
	vaa, _ := devnet.VAA{EmitterChain: devnet.WormholeSepolia, EmitterAddress: addr32(w.k.WormholeAdapter), Payload: []byte("forged")}.Sign(forger)
	if _, err := adapter.ExecuteVAAv1(w.opts(w.dst, nil), vaa); anyRevertName(err) != "InvalidVaa" {
		t.Errorf("forged VAA: %v (%s), want InvalidVaa", err, anyRevertName(err))
	}
}

// TestEVMToSolanaMessage: the EVM side of a transfer to Solana. A Solana
// destination configured on the Sepolia Portal and Wormhole adapter (M0
// chain id 1399811150, Wormhole chain 1, the adapter program as peer,
// lamports as msg value, compute units as the payload gas limit) takes
// wM with a quote for Wormhole chain 1; the message the core bridge
// publishes carries the base58 recipient, the wM mint and the amount, and
// the Executor request the Solana relay instructions. The devnet relayer
// leaves it (no Solana runs here).
func TestEVMToSolanaMessage(t *testing.T) {
	w := newWHWorld(t, devnet.Config{Wormhole: true})
	var (
		peer      = solana.MustPublicKeyFromBase58("mzp1q2j5Hr1QuLC3KFBCAUz5aUckT6qyuZKZ3WJnMmY") // M0's Wormhole adapter program
		mint      = solana.MustPublicKeyFromBase58("mzeroXDoBpRVhnEXBra27qzAMdxgpWVY3DzQW7xMVJp") // wM mint
		recipient = solana.MustPublicKeyFromBase58("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM")
	)
	const computeUnits, lamports = 400_000, 5_000_000
	if err := w.d.ConfigureSolana(w.ctx, orchestration.Sepolia, devnet.SolanaDestination{
		Peer: peer, Tokens: map[common.Address][32]byte{w.k.WrappedM: mint}, MsgValue: lamports, ComputeUnits: computeUnits,
	}); err != nil {
		t.Fatal(err)
	}
	dest := devnet.SolanaDevnetChainID
	adapter, _ := bindings.NewWormholeBridgeAdapter(w.k.WormholeAdapter, w.src.Client())
	if got, _ := adapter.GetBridgeChainId(nil, dest); got.Uint64() != uint64(devnet.WormholeSolana) {
		t.Errorf("bridge chain id %s, want 1", got)
	}
	if got, _ := w.portal.DefaultBridgeAdapter(nil, dest); got != w.k.WormholeAdapter {
		t.Errorf("default adapter to Solana %s", got)
	}
	relay := w.relay(dest)
	if relay.GasLimit.Int64() != computeUnits || relay.MsgValue.Int64() != lamports {
		t.Fatalf("relay instructions %v", relay)
	}
	q, err := w.client.Quote(w.ctx, executor.Request{SrcChain: devnet.WormholeSepolia, DstChain: devnet.WormholeSolana, Relay: relay})
	if err != nil {
		t.Fatal(err)
	}
	amount := big.NewInt(4_200_000)
	wmBefore := balance(t, w.src, w.k.WrappedM, w.alice.Address)
	rc := w.mined(w.src)(w.portal.SendToken0(w.opts(w.src, new(big.Int).Add(w.messageFee(), q.EstimatedCost)), amount, w.k.WrappedM, dest,
		mint, recipient, addr32(w.alice.Address), q.Signed.Raw))
	if got := new(big.Int).Sub(wmBefore, balance(t, w.src, w.k.WrappedM, w.alice.Address)); got.Cmp(amount) != 0 {
		t.Errorf("alice spent %s wM, want %s", got, amount)
	}

	ef, _ := bindings.NewExecutorFilterer(w.k.WormholeExecutor, nil)
	var req *bindings.ExecutorRequestForExecution
	for _, l := range rc.Logs {
		if e, err := ef.ParseRequestForExecution(*l); err == nil {
			req = e
		}
	}
	if req == nil {
		t.Fatal("no RequestForExecution")
	}
	// The one token transfer (payload type 0) published on the core bridge.
	pub, err := devnet.FindPublishedTransfer(rc, w.k.WormholeCore)
	if err != nil {
		t.Fatal(err)
	}
	m, tr := pub.Message, pub.Transfer
	if m.DestinationChainID != devnet.SolanaDevnetChainID {
		t.Errorf("message to chain %d, want %d", m.DestinationChainID, devnet.SolanaDevnetChainID)
	}
	if got := solana.PublicKeyFromBytes(tr.Recipient[:]); got != recipient {
		t.Errorf("recipient %s, want %s", got, recipient)
	}
	if got := solana.PublicKeyFromBytes(tr.DestinationToken[:]); got != mint {
		t.Errorf("destination token %s, want the wM mint %s", got, mint)
	}
	if tr.Amount.Cmp(amount) != 0 {
		t.Errorf("amount %s, want %s", tr.Amount, amount)
	}
	if common.BytesToAddress(tr.Sender[:]) != w.alice.Address {
		t.Errorf("sender %x, want alice", tr.Sender)
	}
	if req.DstChain != devnet.WormholeSolana || solana.PublicKeyFromBytes(req.DstAddr[:]) != peer {
		t.Errorf("request to chain %d, %x", req.DstChain, req.DstAddr)
	}
	// The devnet runs no Solana: the relayer leaves the request.
	if n, err := w.d.Relay(w.ctx); err != nil || n != 0 {
		t.Errorf("Relay delivered %d, %v; want nothing", n, err)
	}
	wantRelay, _ := relay.Bytes()
	if !bytes.Equal(req.RelayInstructions, wantRelay) {
		t.Errorf("relay instructions %x, want %x", req.RelayInstructions, wantRelay)
	}
}

// TestWormholeRoutesChooseTheDefaultAdapter: Config.WormholeRoutes sends
// only the named directions through the adapter (with the larger payload
// gas limit); the others keep the Portal. A route naming a chain the devnet
// does not run is refused.
func TestWormholeRoutesChooseTheDefaultAdapter(t *testing.T) {
	d := start(t, devnet.Config{NoRelayer: true, WormholeRoutes: []devnet.Route{{From: orchestration.Sepolia, To: orchestration.BaseSepolia}}})
	if d.ExecutorURL() == "" {
		t.Error("no Executor stand-in with a Wormhole route")
	}
	tests := []struct {
		from, to orchestration.Chain
		wormhole bool
	}{
		{orchestration.Sepolia, orchestration.BaseSepolia, true},
		{orchestration.BaseSepolia, orchestration.Sepolia, false},
		{orchestration.Sepolia, orchestration.ArbitrumSepolia, false},
	}
	for _, tt := range tests {
		c, _ := d.Chain(tt.from)
		to, _ := d.Chain(tt.to)
		k := d.Contracts(tt.from)
		portal, _ := bindings.NewPortal(k.Portal, c.Client())
		got, err := portal.DefaultBridgeAdapter(nil, uint32(to.ChainID))
		want := k.Portal
		if tt.wormhole {
			want = k.WormholeAdapter
		}
		if err != nil || got != want {
			t.Errorf("%s → %s: default adapter %s, %v; want %s", tt.from, tt.to, got, err, want)
		}
		gas, _ := portal.PayloadGasLimit(nil, uint32(to.ChainID), 0)
		if wantGas := map[bool]int64{true: 1_000_000, false: 200_000}[tt.wormhole]; gas.Int64() != wantGas {
			t.Errorf("%s → %s: payload gas limit %s, want %d", tt.from, tt.to, gas, wantGas)
		}
	}

	_, err := devnet.Start(context.Background(), devnet.Config{NoRelayer: true, Logger: slog.New(slog.DiscardHandler),
		WormholeRoutes: []devnet.Route{{From: orchestration.Sepolia, To: orchestration.Ethereum}}})
	if err == nil || !strings.Contains(err.Error(), "Wormhole route") {
		t.Errorf("a route to a chain not running: %v", err)
	}
}

// TestGuardianSignedVAAVerifies: a VAA built and signed by devnet.VAA
// verifies on the core bridge with every field as encoded and the
// double-keccak hash; another key's signature does not.
func TestGuardianSignedVAAVerifies(t *testing.T) {
	d := start(t, devnet.Config{NoRelayer: true})
	c, _ := d.Chain(orchestration.Sepolia)
	core, _ := bindings.NewWormholeCore(d.Contracts(orchestration.Sepolia).WormholeCore, c.Client())
	v := devnet.VAA{Timestamp: 1_764_000_000, Nonce: 7, EmitterChain: devnet.WormholeBaseSepolia, EmitterAddress: [32]byte{31: 0xaa},
		Sequence: 42, ConsistencyLevel: 15, Payload: []byte("hello wormhole")}
	signed, err := v.Sign(devnet.GuardianKey())
	if err != nil {
		t.Fatal(err)
	}
	got, err := core.ParseAndVerifyVM(nil, signed)
	if err != nil {
		t.Fatal(err)
	}
	vm := got.Vm
	if !got.Valid || got.Reason != "" {
		t.Fatalf("valid %v, reason %q", got.Valid, got.Reason)
	}
	if vm.Version != 1 || vm.Timestamp != v.Timestamp || vm.Nonce != v.Nonce || vm.EmitterChainId != v.EmitterChain ||
		vm.EmitterAddress != v.EmitterAddress || vm.Sequence != v.Sequence || vm.ConsistencyLevel != v.ConsistencyLevel ||
		!bytes.Equal(vm.Payload, v.Payload) || vm.Hash != v.Hash() || len(vm.Signatures) != 1 {
		t.Errorf("parsed VM %+v, want %+v", vm, v)
	}
	if want := crypto.Keccak256Hash(crypto.Keccak256(v.Body())); vm.Hash != want {
		t.Errorf("hash %x, want keccak256(keccak256(body)) %x", vm.Hash, want)
	}
	other, _ := crypto.GenerateKey()
	forged, _ := v.Sign(other)
	if got, err := core.ParseAndVerifyVM(nil, forged); err != nil || got.Valid || got.Reason != "VM signature invalid" {
		t.Errorf("forged VAA: valid %v, reason %q, %v", got.Valid, got.Reason, err)
	}
}

// FindPublishedTransfer refuses a receipt without exactly one message of
// the core bridge, rather than decoding some other contract's log.
func TestFindPublishedTransferRefuses(t *testing.T) {
	core := common.HexToAddress("0x00000000000000000000000000000000000c0de0")
	other := &types.Log{Address: common.HexToAddress("0x0000000000000000000000000000000000000001"), Topics: []common.Hash{{1}}}
	for name, rc := range map[string]*types.Receipt{
		"no logs":                    {},
		"another contract's log":     {Logs: []*types.Log{other}},
		"a log of the core, not one": {Logs: []*types.Log{{Address: core, Topics: []common.Hash{{2}}}}},
	} {
		if _, err := devnet.FindPublishedTransfer(rc, core); err == nil {
			t.Errorf("%s: FindPublishedTransfer found a transfer", name)
		}
	}
}

// EncodeMessage and EncodeTokenTransfer write what DecodeMessage and
// DecodeTokenTransfer read: abi.encode(uint8, uint32, bytes32, bytes) and
// abi.encode(uint256, bytes32, bytes32, bytes32, uint128), the Portal
// stand-in's payload (decision 64).
func TestEncodeMessageRoundTrips(t *testing.T) {
	tt := devnet.TokenTransfer{Amount: big.NewInt(2_000_000), DestinationToken: [32]byte{31: 7}, Sender: [32]byte{0: 0x5e},
		Recipient: [32]byte{31: 0xca}, Index: big.NewInt(1_040_000_000_000)}
	body, err := devnet.EncodeTokenTransfer(tt)
	if err != nil {
		t.Fatal(err)
	}
	m := devnet.Message{PayloadType: 0, DestinationChainID: 11155111, MessageID: [32]byte{0: 0xd1, 31: 1}, Body: body}
	payload, err := devnet.EncodeMessage(m)
	if err != nil {
		t.Fatal(err)
	}
	if len(payload) != 4*32+32+len(body) || len(body) != 5*32 {
		t.Errorf("payload %d bytes, body %d: want four head words, the length word and the body; five words", len(payload), len(body))
	}
	got, err := devnet.DecodeMessage(payload)
	if err != nil || got.PayloadType != m.PayloadType || got.DestinationChainID != m.DestinationChainID || got.MessageID != m.MessageID || !bytes.Equal(got.Body, body) {
		t.Fatalf("DecodeMessage = %+v, %v; want %+v", got, err, m)
	}
	back, err := devnet.DecodeTokenTransfer(got.Body)
	if err != nil || back.Amount.Cmp(tt.Amount) != 0 || back.DestinationToken != tt.DestinationToken || back.Sender != tt.Sender ||
		back.Recipient != tt.Recipient || back.Index.Cmp(tt.Index) != 0 {
		t.Errorf("DecodeTokenTransfer = %+v, %v; want %+v", back, err, tt)
	}
}

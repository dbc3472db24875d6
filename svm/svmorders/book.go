package svmorders

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/wormhole/executor"
)

// Client reads a cluster's accounts and latest blockhash in one round
// trip; *svm.Client implements it.
type Client interface {
	Has(chain orchestration.Chain) bool
	Read(ctx context.Context, chain orchestration.Chain, keys []solana.PublicKey, opts svm.ReadOptions) (*svm.Snapshot, error)
}

var _ Client = (*svm.Client)(nil)

// Tokens finds a catalog token's program (AssetInfo.TokenProgram);
// *asset.Catalog implements it.
type Tokens interface {
	Resolve(a orchestration.AssetAddress) (asset.AssetInfo, error)
}

var _ Tokens = (*asset.Catalog)(nil)

// Executor quotes the Wormhole Executor's relay of a message;
// *executor.Cache implements it.
type Executor interface {
	Get(ctx context.Context, req executor.Request) (executor.Quote, error)
}

var _ Executor = (*executor.Cache)(nil)

// Defaults of Config's zero fields.
const (
	// DefaultRelayGasLimit and DefaultRelayMsgValue are the relay
	// instructions asked of the Executor for a cancel report from Solana
	// to an EVM origin: the reference quoter's for cancel_foreign_order
	// (liquidity-delivery quoter@af9b000, Solana facts §5), above a
	// transfer's (quote/portal: 450,000 and 4,500,000), as the EVM
	// OrderBook's cancel handling refunds the order's token in.
	DefaultRelayGasLimit = 500_000
	DefaultRelayMsgValue = 20_000_000
	// DefaultComputeUnitLimit caps a foreign cancel's compute units: the
	// order book CPIs the Portal, which posts a Wormhole message through
	// the adapter and the shim, then the Executor's request transfers its
	// cost (as a send out of Solana, quote/portal's 400,000; not measured
	// against the real programs). A native cancel keeps the runtime's
	// default: one token transfer CPI.
	DefaultComputeUnitLimit = 400_000
	// DefaultReadTimeout bounds one Read (the cluster's round trip, a
	// second one when needed, and the Executor's quote).
	DefaultReadTimeout = 10 * time.Second
)

// Config configures New. The zero value serves nothing (no Client).
type Config struct {
	// Client reads the clusters; nil serves no chain.
	Client Client
	// Tokens finds the token program of a native order's token in; nil,
	// or a token it does not list or lists without a program, makes Read
	// read the mint's owner (a second round trip, only for a cancel).
	Tokens Tokens
	// Program is the order_book program; zero means svm.OrderBookProgramID.
	Program solana.PublicKey
	// Deployments are the Portal v2 and Wormhole stacks by the cluster's
	// M0 chain id, which a foreign cancel sends its report through; nil
	// means svm.MainnetPortal (1399811149) and svm.DevnetPortal
	// (1399811150).
	Deployments map[uint64]svm.PortalDeployment
	// Executors quote the relay of a cancel report, by Solana chain (the
	// mainnet cluster's Executor for Solana, the testnet one for
	// SolanaDevnet). A chain without one cannot cancel foreign orders:
	// Read with Need.CancelReportTo is NotImplemented there.
	Executors map[orchestration.Chain]Executor
	// Relay are the relay instructions asked of the Executor; nil fields
	// take DefaultRelayGasLimit and DefaultRelayMsgValue.
	Relay executor.RelayInstructions
	// ComputeUnitLimit caps a foreign cancel's compute units (zero:
	// DefaultComputeUnitLimit); ComputeUnitPrice is every cancel's
	// priority fee in micro-lamports per unit (zero: none).
	ComputeUnitLimit uint32
	ComputeUnitPrice uint64
	// ReadTimeout bounds one Read; zero means DefaultReadTimeout.
	ReadTimeout time.Duration
	// Now is the clock that judges the Executor quote's expiry (nil:
	// time.Now).
	Now func() time.Time
}

// Book is the order_book program of Solana clusters as an order.Book. It
// is safe for concurrent use.
type Book struct {
	cfg     Config
	program solana.PublicKey
	deps    map[uint64]svm.PortalDeployment
}

var _ order.Book = (*Book)(nil)

// New returns the Book of cfg.
func New(cfg Config) (*Book, error) {
	if cfg.ReadTimeout < 0 {
		return nil, fmt.Errorf("svmorders: ReadTimeout %v is negative", cfg.ReadTimeout)
	}
	if cfg.ReadTimeout == 0 {
		cfg.ReadTimeout = DefaultReadTimeout
	}
	if cfg.ComputeUnitLimit == 0 {
		cfg.ComputeUnitLimit = DefaultComputeUnitLimit
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Relay.GasLimit == nil {
		cfg.Relay.GasLimit = big.NewInt(DefaultRelayGasLimit)
	}
	if cfg.Relay.MsgValue == nil {
		cfg.Relay.MsgValue = big.NewInt(DefaultRelayMsgValue)
	}
	if _, err := cfg.Relay.Bytes(); err != nil {
		return nil, fmt.Errorf("svmorders: relay instructions: %w", err)
	}
	b := &Book{cfg: cfg, program: cfg.Program, deps: cfg.Deployments}
	if b.program.IsZero() {
		b.program = svm.OrderBookProgramID
	}
	if b.deps == nil {
		b.deps = map[uint64]svm.PortalDeployment{
			uint64(svm.MainnetPortal.M0ChainID): svm.MainnetPortal,
			uint64(svm.DevnetPortal.M0ChainID):  svm.DevnetPortal,
		}
	}
	for id, d := range b.deps {
		if uint64(d.M0ChainID) != id {
			return nil, fmt.Errorf("svmorders: the deployment listed for chain %d is chain %d's", id, d.M0ChainID)
		}
	}
	return b, nil
}

// Account is b as a base58 Solana key.
func (*Book) Account(b [32]byte) string { return solana.PublicKeyFromBytes(b[:]).String() }

// ParseAccount parses a base58 Solana key (32 bytes).
func (*Book) ParseAccount(s string) ([32]byte, error) {
	return orchestration.AddressBytes32(orchestration.RuntimeSVM, s)
}

// Serves reports whether the Client has chain.
func (b *Book) Serves(chain orchestration.Chain) bool {
	return b.cfg.Client != nil && b.cfg.Client.Has(chain)
}

// state is what Read gathers for CancelPayload (order.View.Runtime).
type state struct {
	chain     orchestration.Chain
	slot      uint64
	blockhash solana.Hash
	// globalErr says why a cancel would fail on the order book's global
	// account (missing, undecodable, paused); nil when it would not.
	globalErr error
	// tokenProgram owns a native order's token in (zero when not read:
	// Need.Clock was not asked, or the order is not native).
	tokenProgram solana.PublicKey
	// report is what a foreign cancel's report needs (Need.CancelReportTo).
	report *report
}

// report is what a cancel report to the origin needs.
type report struct {
	origin   uint64
	dep      svm.PortalDeployment
	peer     svm.WormholePeer
	sequence uint64
	fee      uint64 // the core bridge's message fee, lamports
	table    *svm.LookupTable
	quote    executor.Quote
	relay    []byte
	dstChain uint16
}

// Read reads order id on cluster c in one round trip (svm.Client.Read:
// getMultipleAccounts and getLatestBlockhash): the order's PDA, the order
// book's global, the Clock sysvar (need.Clock), and for
// need.CancelReportTo the Wormhole adapter's global (its peers and
// receive lookup table), the emitter's Sequence, the core bridge's config
// (the message fee) and the catalog's lookup table. A second read follows
// only when the adapter's table is not the catalog's, or when a native
// order's token program is neither in Tokens nor known (need.Clock), each
// pinned to the first read's slot. With need.CancelReportTo the
// Executor's relay quote is asked for too: View.CancelFee is its
// estimated cost plus the Wormhole message fee, in lamports.
func (b *Book) Read(ctx context.Context, c asset.ChainInfo, id order.ID, need order.Need) (*order.View, error) {
	if !b.Serves(c.Name) {
		return nil, orchestration.Errorf(orchestration.NotImplemented, "reading orders on %s is not configured on this server (no cluster endpoint)", c.Name)
	}
	var dep svm.PortalDeployment
	var exec Executor
	if need.CancelReportTo != 0 {
		var ok bool
		if dep, ok = b.deps[c.ChainID]; !ok {
			return nil, orchestration.Errorf(orchestration.NotImplemented, "cancelling orders bound for %s is not configured on this server (no Portal deployment for chain %d)", c.Name, c.ChainID)
		}
		if exec = b.cfg.Executors[c.Name]; exec == nil {
			return nil, orchestration.Errorf(orchestration.NotImplemented, "cancelling orders bound for %s is not configured on this server (no Wormhole Executor to relay the cancel report)", c.Name)
		}
	}
	ctx, cancel := context.WithTimeout(ctx, b.cfg.ReadTimeout)
	defer cancel()

	orderKey, global := svm.OrderPDA(b.program, id), svm.Global(b.program)
	keys := []solana.PublicKey{orderKey, global}
	if need.Clock {
		keys = append(keys, svm.SysvarClock)
	}
	var catalogTable solana.PublicKey
	if need.CancelReportTo != 0 {
		keys = append(keys, dep.WormholeGlobal(), dep.WormholeSequence(), dep.BridgeConfig)
		if c.Contracts.LookupTable != "" {
			t, err := solana.PublicKeyFromBase58(c.Contracts.LookupTable)
			if err != nil {
				return nil, fmt.Errorf("svmorders: %s's lookup table %q: %w", c.Name, c.Contracts.LookupTable, err)
			}
			catalogTable = t
			keys = append(keys, t)
		}
	}
	snap, err := b.cfg.Client.Read(ctx, c.Name, keys, svm.ReadOptions{})
	if err != nil {
		return nil, err
	}
	st := &state{chain: c.Name, slot: snap.Slot, blockhash: snap.Blockhash}
	v := &order.View{AmountOutFilled: new(big.Int), AmountInReleased: new(big.Int), AmountRefunded: new(big.Int), Runtime: st}

	st.globalErr = globalErr(c.Name, snap.Accounts[global], b.program)
	if need.Clock {
		acc := snap.Accounts[svm.SysvarClock]
		if acc == nil {
			return nil, fmt.Errorf("svmorders: %s answered no Clock sysvar", c.Name)
		}
		clock, err := svm.DecodeClock(acc.Data)
		if err != nil {
			return nil, err
		}
		if clock.UnixTimestamp < 0 {
			return nil, fmt.Errorf("svmorders: %s's clock reads %d", c.Name, clock.UnixTimestamp)
		}
		v.Now = uint64(clock.UnixTimestamp)
	}

	var native *svm.OrderAccount
	if acc := snap.Accounts[orderKey]; acc != nil {
		if !acc.Owner.Equals(b.program) {
			return nil, fmt.Errorf("svmorders: the order account %s on %s is owned by %s, not the order book %s", orderKey, c.Name, acc.Owner, b.program)
		}
		o, err := svm.DecodeOrder(acc.Data)
		if err != nil {
			return nil, fmt.Errorf("svmorders: order %s on %s: %w", id, c.Name, err)
		}
		if o.Status != svm.OrderDoesNotExist {
			v.Found, v.Status = true, wireStatus(o.Status)
			v.AmountInReleased, v.AmountOutFilled, v.AmountRefunded = o.AmountInReleased, o.AmountOutFilled, o.AmountInRefunded
			if o.Type == svm.NativeOrder {
				native = o
				d := o.Data
				v.Terms = order.Terms{Version: d.Version, Nonce: d.Nonce, OriginChainID: c.ChainID, DestChainID: uint64(d.DestChainID),
					Sender: d.Sender, TokenIn: d.TokenIn, Recipient: d.Recipient, TokenOut: d.TokenOut, Solver: d.Solver,
					AmountIn: d.AmountIn, AmountOut: d.AmountOut, CreatedAt: d.CreatedAt, FillDeadline: d.FillDeadline}
			}
		}
	}

	// A second read, pinned to the first's slot, for what the first
	// could not name: the adapter's table when the catalog lists another,
	// a native order's mint when the catalog does not say its program.
	var more []solana.PublicKey
	var mint solana.PublicKey
	if native != nil && need.Clock {
		mint = solana.PublicKeyFromBytes(native.Data.TokenIn[:])
		if st.tokenProgram = b.tokenProgram(c.Name, mint); st.tokenProgram.IsZero() {
			more = append(more, mint)
		}
	}
	var wh *svm.WormholeGlobal
	if need.CancelReportTo != 0 {
		if st.report, wh, err = readReport(c, dep, snap, need.CancelReportTo); err != nil {
			return nil, err
		}
		if !wh.ReceiveLUT.IsZero() && !wh.ReceiveLUT.Equals(catalogTable) {
			more = append(more, wh.ReceiveLUT)
		}
	}
	if len(more) > 0 {
		snap2, err := b.cfg.Client.Read(ctx, c.Name, more, svm.ReadOptions{MinContextSlot: snap.Slot})
		if err != nil {
			return nil, err
		}
		for k, a := range snap2.Accounts {
			snap.Accounts[k] = a
		}
	}
	if !mint.IsZero() && st.tokenProgram.IsZero() {
		acc := snap.Accounts[mint]
		if acc == nil {
			return nil, fmt.Errorf("svmorders: the order's token in %s does not exist on %s", mint, c.Name)
		}
		if !acc.Owner.Equals(svm.TokenProgram) && !acc.Owner.Equals(svm.Token2022Program) {
			return nil, fmt.Errorf("svmorders: the order's token in %s on %s is owned by %s, neither SPL Token nor Token-2022", mint, c.Name, acc.Owner)
		}
		st.tokenProgram = acc.Owner
	}
	if r := st.report; r != nil {
		if !wh.ReceiveLUT.IsZero() {
			acc := snap.Accounts[wh.ReceiveLUT]
			if acc == nil {
				return nil, fmt.Errorf("svmorders: the Wormhole adapter's lookup table %s does not exist on %s", wh.ReceiveLUT, c.Name)
			}
			if r.table, err = svm.DecodeLookupTable(wh.ReceiveLUT, acc.Data, snap.Slot); err != nil {
				return nil, err
			}
		}
		if err := b.quote(ctx, c, exec, r); err != nil {
			return nil, err
		}
		v.CancelFee = new(big.Int).Add(r.quote.EstimatedCost, new(big.Int).SetUint64(r.fee))
	}
	return v, nil
}

// tokenProgram is mint's program as the catalog lists it; zero when it
// does not.
func (b *Book) tokenProgram(chain orchestration.Chain, mint solana.PublicKey) solana.PublicKey {
	if b.cfg.Tokens == nil {
		return solana.PublicKey{}
	}
	a, err := b.cfg.Tokens.Resolve(orchestration.AssetAddress{Chain: chain, Address: mint.String()})
	if err != nil || a.TokenProgram == "" {
		return solana.PublicKey{}
	}
	p, err := solana.PublicKeyFromBase58(a.TokenProgram)
	if err != nil {
		return solana.PublicKey{}
	}
	return p
}

// globalErr says why a cancel on chain would fail on the order book's
// global account acc, nil if it would not.
func globalErr(chain orchestration.Chain, acc *svm.Account, program solana.PublicKey) error {
	if acc == nil {
		return orchestration.Errorf(orchestration.NotImplemented, "the order book %s has no global account on %s", program, chain)
	}
	g, err := svm.DecodeOrderBookGlobal(acc.Data)
	if err != nil {
		return fmt.Errorf("svmorders: %s: %w", chain, err)
	}
	if g.Paused {
		return orchestration.Errorf(orchestration.OrderNotCancellable, "the order book on %s is paused: a cancel would fail (ProgramPaused, 6032) until it resumes", chain)
	}
	return nil
}

// readReport decodes what a cancel report to origin reads in the first
// batch: the adapter's global (the origin's peer, the table), the
// Sequence and the bridge's fee.
func readReport(c asset.ChainInfo, dep svm.PortalDeployment, snap *svm.Snapshot, origin uint64) (*report, *svm.WormholeGlobal, error) {
	acc := snap.Accounts[dep.WormholeGlobal()]
	if acc == nil {
		return nil, nil, orchestration.Errorf(orchestration.NotImplemented, "cancelling orders bound for %s is not configured on this server (no Wormhole adapter global %s there)", c.Name, dep.WormholeGlobal())
	}
	wh, err := svm.DecodeWormholeGlobal(acc.Data)
	if err != nil {
		return nil, nil, fmt.Errorf("svmorders: %s: %w", c.Name, err)
	}
	if wh.OutgoingPaused {
		return nil, nil, orchestration.Errorf(orchestration.OrderNotCancellable, "sending through the Wormhole adapter on %s is paused: the cancel report could not be sent", c.Name)
	}
	if origin > uint64(^uint32(0)) {
		return nil, nil, orchestration.Errorf(orchestration.NotImplemented, "chain id %d is no M0 chain id the Wormhole adapter knows", origin)
	}
	peer, ok := wh.Peer(uint32(origin))
	if !ok || peer.AdapterChainID == 0 || peer.AdapterChainID > uint32(^uint16(0)) {
		return nil, nil, orchestration.Errorf(orchestration.NotImplemented, "the Wormhole adapter on %s has no peer on chain %d, the order's origin: the cancel report cannot be sent", c.Name, origin)
	}
	seqAcc, cfgAcc := snap.Accounts[dep.WormholeSequence()], snap.Accounts[dep.BridgeConfig]
	if cfgAcc == nil {
		return nil, nil, fmt.Errorf("svmorders: the Wormhole bridge config %s does not exist on %s", dep.BridgeConfig, c.Name)
	}
	bridge, err := svm.DecodeWormholeBridgeConfig(cfgAcc.Data)
	if err != nil {
		return nil, nil, err
	}
	r := &report{origin: origin, dep: dep, peer: peer, fee: bridge.Fee, dstChain: uint16(peer.AdapterChainID)}
	if seqAcc != nil { // no account yet: the emitter's first message is sequence 0
		if r.sequence, err = svm.ReadWormholeSequence(seqAcc.Data); err != nil {
			return nil, nil, err
		}
	}
	return r, wh, nil
}

// quote asks exec for the relay of r's report.
func (b *Book) quote(ctx context.Context, c asset.ChainInfo, exec Executor, r *report) error {
	req := executor.Request{SrcChain: svm.SolanaWormholeChainID, DstChain: r.dstChain, Relay: b.cfg.Relay}
	relay, err := req.Relay.Bytes()
	if err != nil {
		return err
	}
	q, err := exec.Get(ctx, req)
	if err != nil {
		return fmt.Errorf("svmorders: the Wormhole Executor's quote of a cancel report from %s to Wormhole chain %d: %w", c.Name, r.dstChain, err)
	}
	if err := q.Check(req, b.cfg.Now()); err != nil {
		return fmt.Errorf("svmorders: the Wormhole Executor's quote of a cancel report from %s to Wormhole chain %d: %w", c.Name, r.dstChain, err)
	}
	if !q.EstimatedCost.IsUint64() {
		return fmt.Errorf("svmorders: the Executor's estimated cost %v is no lamport amount", q.EstimatedCost)
	}
	if _, err := svm.QuotePayee(q.Signed.Raw); err != nil {
		return err
	}
	r.quote, r.relay = q, relay
	return nil
}

func wireStatus(s svm.OrderStatus) orchestration.OrderStatus {
	switch s {
	case svm.OrderCompleted:
		return orchestration.OrderCompleted
	case svm.OrderCancelled:
		return orchestration.OrderCancelled
	}
	return orchestration.OrderCreated
}

// errNotRead is CancelPayload's error for a View this Book did not read.
var errNotRead = errors.New("svmorders: the destination's View was not read by this Book (no Runtime state)")

package contracts_test

import (
	"context"
	"crypto/ecdsa"
	"encoding/binary"
	"errors"
	"math/big"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/eth/ethconfig"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/ethereum/go-ethereum/node"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit"
)

// Two EVM chain ids standing for a hub (origin) chain and a spoke (destination) chain.
const (
	hubChainID   = 11155111 // Sepolia
	spokeChainID = 84532    // Base Sepolia
)

// Accounts funded on every test chain.
var (
	adminKey   = testKey("admin")   // deployer, DEFAULT_ADMIN_ROLE everywhere, minter
	aliceKey   = testKey("alice")   // end user
	bobKey     = testKey("bob")     // end user / order recipient
	carolKey   = testKey("carol")   // order sender distinct from the funder
	solverKey  = testKey("solver")  // fills orders
	relayerKey = testKey("relayer") // RELAYER_ROLE on every Portal
	swapperKey = testKey("swapper") // M_SWAPPER_ROLE on the SwapFacility
	strangeKey = testKey("stranger")

	admin, alice, bob, carol           = addr(adminKey), addr(aliceKey), addr(bobKey), addr(carolKey)
	solver, relayer, swapper, stranger = addr(solverKey), addr(relayerKey), addr(swapperKey), addr(strangeKey)
)

func testKey(name string) *ecdsa.PrivateKey {
	k, err := crypto.ToECDSA(crypto.Keccak256([]byte("m0-devnet-test/" + name)))
	if err != nil {
		panic(err)
	}
	return k
}

func addr(k *ecdsa.PrivateKey) common.Address { return crypto.PubkeyToAddress(k.PublicKey) }

func b32(a common.Address) [32]byte { return common.BytesToHash(a.Bytes()) }

// units returns n whole tokens of a 6-decimal token.
func units(n int64) *big.Int { return new(big.Int).Mul(big.NewInt(n), big.NewInt(1_000_000)) }

func ether(n int64) *big.Int { return new(big.Int).Mul(big.NewInt(n), big.NewInt(1e18)) }

// chain is one simulated EVM chain with its own chain id.
type chain struct {
	t  *testing.T
	id uint64
	b  *simulated.Backend
	cl simulated.Client
}

func newChain(t *testing.T, id uint64) *chain {
	t.Helper()
	alloc := types.GenesisAlloc{}
	for _, k := range []*ecdsa.PrivateKey{adminKey, aliceKey, bobKey, carolKey, solverKey, relayerKey, swapperKey, strangeKey} {
		alloc[addr(k)] = types.Account{Balance: ether(1000)}
	}
	b := simulated.NewBackend(alloc, func(_ *node.Config, ec *ethconfig.Config) {
		cfg := *ec.Genesis.Config
		cfg.ChainID = new(big.Int).SetUint64(id)
		ec.Genesis.Config = &cfg
	})
	t.Cleanup(func() { b.Close() })
	return &chain{t: t, id: id, b: b, cl: b.Client()}
}

func (c *chain) opts(k *ecdsa.PrivateKey) *bind.TransactOpts {
	o, err := bind.NewKeyedTransactorWithChainID(k, new(big.Int).SetUint64(c.id))
	if err != nil {
		c.t.Fatal(err)
	}
	return o
}

func (c *chain) pay(k *ecdsa.PrivateKey, value *big.Int) *bind.TransactOpts {
	o := c.opts(k)
	o.Value = value
	return o
}

// ok mines tx and fails the test unless it succeeded.
func (c *chain) ok(tx *types.Transaction, err error) *types.Receipt {
	c.t.Helper()
	if err != nil {
		c.t.Fatalf("transaction failed: %v (%s%v)", err, revertName(err), revertArgs(err))
	}
	c.b.Commit()
	r, err := c.cl.TransactionReceipt(context.Background(), tx.Hash())
	if err != nil {
		c.t.Fatal(err)
	}
	if r.Status != types.ReceiptStatusSuccessful {
		c.t.Fatalf("transaction %s reverted", tx.Hash())
	}
	return r
}

// fails returns a checker asserting that a transaction was refused with the custom error or revert
// string `want` ("" for an empty revert).
func (c *chain) fails(want string) func(*types.Transaction, error) {
	return func(tx *types.Transaction, err error) {
		c.t.Helper()
		if err == nil {
			c.b.Commit()
			c.t.Fatalf("transaction %s succeeded, want revert %q", tx.Hash(), want)
		}
		if got := revertName(err); got != want {
			c.t.Fatalf("revert = %q (%v), want %q", got, err, want)
		}
	}
}

func (c *chain) now() uint64 {
	h, err := c.cl.HeaderByNumber(context.Background(), nil)
	if err != nil {
		c.t.Fatal(err)
	}
	return h.Time
}

func (c *chain) advance(d time.Duration) {
	if err := c.b.AdjustTime(d); err != nil {
		c.t.Fatal(err)
	}
	c.b.Commit()
}

func (c *chain) balance(a common.Address) *big.Int {
	bal, err := c.cl.BalanceAt(context.Background(), a, nil)
	if err != nil {
		c.t.Fatal(err)
	}
	return bal
}

// customErrors maps the selector of every custom error in the bindings to its ABI entry.
var customErrors = sync.OnceValue(func() map[[4]byte]abi.Error {
	errs := map[[4]byte]abi.Error{}
	for _, name := range contracts.Names() {
		for _, e := range contracts.MustABI(name).Errors {
			errs[[4]byte(e.ID[:4])] = e
		}
	}
	return errs
})

// revertData is the revert data err carries, if it is an RPC error with data.
func revertData(err error) (data []byte, ok bool) {
	var de rpc.DataError
	if !errors.As(err, &de) {
		return nil, false
	}
	s, _ := de.ErrorData().(string)
	data, _ = hexutil.Decode(s)
	return data, true
}

// revertName decodes the revert data carried by err: a custom error's name, an Error(string) reason,
// "" for an empty revert, "<no error>" for a nil err, or "<not a revert: ...>".
func revertName(err error) string {
	if err == nil {
		return "<no error>"
	}
	data, ok := revertData(err)
	if !ok {
		if strings.Contains(err.Error(), "execution reverted") {
			return ""
		}
		return "<not a revert: " + err.Error() + ">"
	}
	if len(data) < 4 {
		return ""
	}
	if reason, uerr := abi.UnpackRevert(data); uerr == nil {
		return reason
	}
	if e, ok := customErrors()[[4]byte(data[:4])]; ok {
		return e.Name
	}
	return "<unknown error " + hexutil.Encode(data[:4]) + ">"
}

// revertArgs decodes the arguments of a custom error, for failure messages.
func revertArgs(err error) []any {
	data, _ := revertData(err)
	if len(data) < 4 {
		return nil
	}
	e, ok := customErrors()[[4]byte(data[:4])]
	if !ok {
		return nil
	}
	args, _ := e.Inputs.Unpack(data[4:])
	return args
}

// event returns the first log of receipt r emitted by contract at that parse accepts.
func event[T any](t *testing.T, r *types.Receipt, at common.Address, parse func(types.Log) (*T, error)) *T {
	t.Helper()
	for _, l := range r.Logs {
		if l.Address != at {
			continue
		}
		if ev, err := parse(*l); err == nil {
			return ev
		}
	}
	t.Fatalf("no matching event from %s in tx %s", at, r.TxHash)
	return nil
}

func eq(t *testing.T, what string, got, want *big.Int) {
	t.Helper()
	if got.Cmp(want) != 0 {
		t.Fatalf("%s = %s, want %s", what, got, want)
	}
}

// permitDomain is the EIP-712 domain of a token's permit.
func permitDomain(name, version string, chainID uint64, token common.Address) orchestration.EIP712Domain {
	return orchestration.EIP712Domain{Name: name, Version: version, ChainID: chainID, VerifyingContract: token.Hex()}
}

// signPermit signs an EIP-2612 Permit by key's account with the permit package, as a wallet
// self-encoding a recipe does; v is 27 or 28.
func signPermit(t *testing.T, key *ecdsa.PrivateKey, d orchestration.EIP712Domain, spender common.Address, value, nonce, deadline *big.Int) []byte {
	t.Helper()
	recipe := orchestration.PermitRecipe{TypedData: orchestration.PermitTypedData{
		Domain: d,
		Message: orchestration.PermitMessage{
			Owner: addr(key).Hex(), Spender: spender.Hex(), Value: value.String(), Nonce: nonce.String(), Deadline: deadline.String(),
		},
	}}
	sig, err := permit.Sign(context.Background(), recipe, permit.KeyTypedDataSigner(key))
	if err != nil {
		t.Fatal(err)
	}
	return sig
}

// splitSig splits a signature into the (v, r, s) of the permit overloads as it is, without the
// checks of permit.SplitSignature: tests split malformed signatures on purpose.
func splitSig(sig []byte) (v uint8, r, s [32]byte) {
	copy(r[:], sig[:32])
	copy(s[:], sig[32:64])
	return sig[64], r, s
}

// orderID is the OrderBook's id: keccak256 over the packed OrderData fields, in declaration order.
func orderID(d bindings.OrderData) [32]byte {
	var b []byte
	b = binary.BigEndian.AppendUint16(b, d.Version)
	b = append(b, d.Sender[:]...)
	b = binary.BigEndian.AppendUint64(b, d.Nonce)
	b = binary.BigEndian.AppendUint32(b, d.OriginChainId)
	b = binary.BigEndian.AppendUint32(b, d.DestChainId)
	b = binary.BigEndian.AppendUint64(b, d.CreatedAt)
	b = binary.BigEndian.AppendUint64(b, d.FillDeadline)
	b = append(b, d.TokenIn[:]...)
	b = append(b, d.TokenOut[:]...)
	b = append(b, d.AmountIn.FillBytes(make([]byte, 16))...)
	b = append(b, d.AmountOut.FillBytes(make([]byte, 16))...)
	b = append(b, d.Recipient[:]...)
	b = append(b, d.Solver[:]...)
	return crypto.Keccak256Hash(b)
}

// Payload types of the Portal.
const (
	tokenTransfer = 0
	fillReport    = 4
	cancelReport  = 6
)

// Messaging fee configuration every deployment uses.
var (
	feePerGas   = big.NewInt(1_000_000_000)
	gasLimitFor = map[uint8]int64{tokenTransfer: 200_000, fillReport: 150_000, cancelReport: 120_000}
)

// world is one chain with every contract deployed and wired as the devnet would.
type world struct {
	*chain

	mAddr, usdAddr, wmAddr, usdcAddr, usdtAddr common.Address
	facilityAddr, portalAddr, bookAddr         common.Address
	factoryAddr, routerAddr, quoterAddr        common.Address
	mc3Addr                                    common.Address

	m        *bindings.MToken
	usd, wm  *bindings.MExtension // "MetaMask USD" and "WrappedM by M^0", both approved extensions
	usdc     *bindings.FiatToken
	usdt     *bindings.TetherToken
	facility *bindings.SwapFacility
	portal   *bindings.Portal
	book     *bindings.OrderBook
	factory  *bindings.PoolFactory
	router   *bindings.SwapRouter02
	quoter   *bindings.QuoterV2
	mc3      *bindings.Multicall3
}

// deploy deploys and wires every contract on c. skew sends that many empty transactions first so that
// the two chains of a test get different contract addresses.
func deploy(c *chain, hub bool, skew int) *world {
	c.t.Helper()
	w := &world{chain: c}
	o := func() *bind.TransactOpts { return c.opts(adminKey) }
	for i := 0; i < skew; i++ {
		nonce, _ := c.cl.PendingNonceAt(context.Background(), admin)
		tx := types.NewTx(&types.DynamicFeeTx{ChainID: new(big.Int).SetUint64(c.id), Nonce: nonce, To: &admin, Gas: 21000, GasFeeCap: big.NewInt(1e11), GasTipCap: big.NewInt(1e9)})
		signed, err := types.SignTx(tx, types.LatestSignerForChainID(tx.ChainId()), adminKey)
		if err != nil {
			c.t.Fatal(err)
		}
		c.ok(signed, c.cl.SendTransaction(context.Background(), signed))
	}
	var tx *types.Transaction
	var err error
	w.mAddr, tx, w.m, err = bindings.DeployMToken(o(), c.cl, admin)
	c.ok(tx, err)
	w.facilityAddr, tx, w.facility, err = bindings.DeploySwapFacility(o(), c.cl, w.mAddr, admin)
	c.ok(tx, err)
	w.usdAddr, tx, w.usd, err = bindings.DeployMExtension(o(), c.cl, "MetaMask USD", "mUSD", w.mAddr, w.facilityAddr, admin)
	c.ok(tx, err)
	w.wmAddr, tx, w.wm, err = bindings.DeployMExtension(o(), c.cl, "WrappedM by M^0", "wM", w.mAddr, w.facilityAddr, admin)
	c.ok(tx, err)
	w.usdcAddr, tx, w.usdc, err = bindings.DeployFiatToken(o(), c.cl, admin)
	c.ok(tx, err)
	w.usdtAddr, tx, w.usdt, err = bindings.DeployTetherToken(o(), c.cl, admin)
	c.ok(tx, err)
	w.portalAddr, tx, w.portal, err = bindings.DeployPortal(o(), c.cl, w.mAddr, w.facilityAddr, hub, admin)
	c.ok(tx, err)
	w.bookAddr, tx, w.book, err = bindings.DeployOrderBook(o(), c.cl, w.portalAddr, admin)
	c.ok(tx, err)
	w.factoryAddr, tx, w.factory, err = bindings.DeployPoolFactory(o(), c.cl)
	c.ok(tx, err)
	w.routerAddr, tx, w.router, err = bindings.DeploySwapRouter02(o(), c.cl, w.factoryAddr)
	c.ok(tx, err)
	w.quoterAddr, tx, w.quoter, err = bindings.DeployQuoterV2(o(), c.cl, w.factoryAddr)
	c.ok(tx, err)
	w.mc3Addr, tx, w.mc3, err = bindings.DeployMulticall3(o(), c.cl)
	c.ok(tx, err)

	mSwapper, err := w.facility.MSWAPPERROLE(nil)
	if err != nil {
		c.t.Fatal(err)
	}
	relayerRole, _ := w.portal.RELAYERROLE(nil)
	minterRole, _ := w.m.MINTERROLE(nil)
	c.ok(w.facility.SetAdminApprovedExtension(o(), w.usdAddr, true))
	c.ok(w.facility.SetAdminApprovedExtension(o(), w.wmAddr, true))
	c.ok(w.facility.GrantRole(o(), mSwapper, swapper))
	c.ok(w.facility.GrantRole(o(), mSwapper, w.portalAddr))
	if !hub {
		c.ok(w.m.GrantRole(o(), minterRole, w.portalAddr))
	}
	c.ok(w.portal.SetOrderBook(o(), w.bookAddr))
	c.ok(w.portal.GrantRole(o(), relayerRole, relayer))
	c.ok(w.portal.SetFeePerGas(o(), feePerGas))
	return w
}

// link configures a and b to message each other: fees, order destinations and M / extension paths.
func link(a, b *world) {
	for _, p := range [][2]*world{{a, b}, {b, a}} {
		from, to := p[0], p[1]
		o := func() *bind.TransactOpts { return from.opts(adminKey) }
		for typ, gas := range gasLimitFor {
			from.ok(from.portal.SetPayloadGasLimit(o(), uint32(to.id), typ, big.NewInt(gas)))
		}
		from.ok(from.book.SetDestinationSupported(o(), uint32(to.id), true))
		for _, src := range []common.Address{from.mAddr, from.usdAddr} {
			for _, dst := range []common.Address{to.mAddr, to.usdAddr} {
				from.ok(from.portal.SetSupportedBridgingPath(o(), src, uint32(to.id), b32(dst), true))
			}
		}
	}
}

// quote is the Portal's native fee for a message of payloadType to the chain dest.
func (w *world) quote(dest *world, payloadType uint8) *big.Int {
	fee, err := w.portal.Quote0(nil, uint32(dest.id), payloadType)
	if err != nil {
		w.t.Fatal(err)
	}
	return fee
}

// relay delivers every MessageSent of receipt r (mined on w) to the Portal of dest, as the relayer.
func (w *world) relay(dest *world, r *types.Receipt) []*types.Receipt {
	w.t.Helper()
	var out []*types.Receipt
	for _, l := range r.Logs {
		if l.Address != w.portalAddr {
			continue
		}
		msg, err := w.portal.ParseMessageSent(*l)
		if err != nil {
			continue
		}
		if msg.DestinationChainId != uint32(dest.id) {
			w.t.Fatalf("message for chain %d relayed to %d", msg.DestinationChainId, dest.id)
		}
		out = append(out, dest.ok(dest.portal.ReceiveMessage(dest.opts(relayerKey), uint32(w.id), msg.Payload)))
	}
	if len(out) == 0 {
		w.t.Fatalf("no MessageSent in tx %s", r.TxHash)
	}
	return out
}

// tokenBalance reads balanceOf on any ERC-20 of the world.
func (w *world) tokenBalance(token, holder common.Address) *big.Int {
	w.t.Helper()
	erc20, err := bindings.NewMToken(token, w.cl) // balanceOf has the same ABI on every token
	if err != nil {
		w.t.Fatal(err)
	}
	bal, err := erc20.BalanceOf(nil, holder)
	if err != nil {
		w.t.Fatal(err)
	}
	return bal
}

// fundM mints M to holder.
func (w *world) fundM(holder common.Address, amount *big.Int) {
	w.ok(w.m.Mint(w.opts(adminKey), holder, amount))
}

// fundExt gives holder backed extension tokens: M minted to the swapper and wrapped with swapInM.
func (w *world) fundExt(ext common.Address, holder common.Address, amount *big.Int) {
	w.ok(w.m.Mint(w.opts(adminKey), swapper, amount))
	w.ok(w.m.Approve(w.opts(swapperKey), w.facilityAddr, amount))
	w.ok(w.facility.SwapInM(w.opts(swapperKey), ext, amount, holder))
}

// in returns w bound to the (sub)test t, so that its assertions fail t rather than the parent test.
func (w *world) in(t *testing.T) *world {
	c := *w.chain
	c.t = t
	w2 := *w
	w2.chain = &c
	return &w2
}

// delta is an expected balance change of holder in token, in whole 6-decimal units.
type delta struct {
	token, holder common.Address
	units         int64
}

// expectDeltas runs fn and checks the balance changes it causes.
func (w *world) expectDeltas(deltas []delta, fn func()) {
	w.t.Helper()
	before := make([]*big.Int, len(deltas))
	for i, d := range deltas {
		before[i] = w.tokenBalance(d.token, d.holder)
	}
	fn()
	for i, d := range deltas {
		got := new(big.Int).Sub(w.tokenBalance(d.token, d.holder), before[i])
		eq(w.t, "balance change of "+d.holder.Hex()+" in "+d.token.Hex(), got, units(d.units))
	}
}

// catchUp moves w's clock forward to other's: simulated chains stamp each block one second after the
// last when blocks come faster than real time, so a busier chain runs ahead of a quieter one.
func (w *world) catchUp(other *world) {
	if a, b := other.now(), w.now(); a > b {
		w.advance(time.Duration(a-b) * time.Second)
	}
}

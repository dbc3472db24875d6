// Command solver is a remote solver for the orchestration service: it
// answers the request-for-quote protocol (openapi/solver-rfq.json) with
// package rfq's Handler, and fills the OrderBook orders it won through the
// chains' JSON-RPC endpoints only, as a solver running anywhere would.
//
// It prices every token of the catalog at one dollar less a spread, offers
// only what its inventory on the destination chain covers, and watches
// each chain's OrderBook (eth_getLogs) for OrderOpened: an order naming its
// address, or open to any solver and asking no more than its price, it
// fills on the destination chain's OrderBook, paying the fill report's
// bridge fee for a cross-chain order; the bridge's relayer carries the
// report back to the origin, which releases the locked tokens to it.
//
// On the devnet (`orchestrationd devnet` writes orchestrationd.devnet.yaml):
//
//	SOLVER_RFQ_SECRET=$(openssl rand -hex 16) SOLVER_PRIVATE_KEY=<carol's key from the devnet banner> \
//		go run ./examples/solver -config orchestrationd.devnet.yaml -listen 127.0.0.1:8090
//
// and in the serve configuration:
//
//	providers:
//	  solvers:
//	    - name: example
//	      url: http://127.0.0.1:8090/rfq
//	      address: "<carol's address>"
//	      secretEnv: SOLVER_RFQ_SECRET
//
// -fill=false makes a solver that offers but never fills: its exclusive
// orders expire unfilled.
package main

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	ethereum "github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"sigs.k8s.io/yaml"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote/limitorder"
	"github.com/m0-orchestration/m0/quote/limitorder/rfq"
)

// The environment variables of the secrets, so that neither is on the
// command line.
const (
	secretEnv = "SOLVER_RFQ_SECRET"
	keyEnv    = "SOLVER_PRIVATE_KEY"
)

// Options are the program's settings.
type Options struct {
	// ConfigFile is a serve configuration with rpc and catalog (the one
	// `orchestrationd devnet` writes).
	ConfigFile string
	// RPC overrides or adds the file's endpoints.
	RPC map[orchestration.Chain]string
	// Listen is the RFQ listen address.
	Listen string
	// Key is the solver's private key (hex); Secret is shared with the
	// service.
	Key, Secret string
	// SpreadBps is kept from each dollar.
	SpreadBps int
	// Exclusive asks for orders only this solver may fill.
	Exclusive bool
	// Fill fills the orders won; false only offers.
	Fill bool
	// OfferTTL is how long an offer stands.
	OfferTTL time.Duration
	// Poll is how often the OrderBooks are read.
	Poll time.Duration
}

func main() {
	o := Options{RPC: map[orchestration.Chain]string{}}
	flag.StringVar(&o.ConfigFile, "config", "orchestrationd.devnet.yaml", "a serve configuration with rpc endpoints and the catalog (orchestrationd devnet writes one)")
	flag.Func("rpc", "CHAIN=URL, a chain's JSON-RPC endpoint, over the file's (repeatable)", func(v string) error {
		chain, url, ok := strings.Cut(v, "=")
		if !ok || chain == "" || url == "" {
			return errors.New("want CHAIN=URL")
		}
		o.RPC[orchestration.Chain(chain)] = url
		return nil
	})
	flag.StringVar(&o.Listen, "listen", "127.0.0.1:8090", "where the RFQ endpoint listens (any path answers)")
	flag.IntVar(&o.SpreadBps, "spread-bps", 5, "the solver's spread in basis points")
	flag.BoolVar(&o.Exclusive, "exclusive", true, "offer exclusive orders (only this solver may fill them)")
	flag.BoolVar(&o.Fill, "fill", true, "fill the orders won; false offers and never fills")
	flag.DurationVar(&o.OfferTTL, "offer-ttl", 30*time.Second, "how long an offer stands")
	flag.DurationVar(&o.Poll, "poll", 250*time.Millisecond, "how often the OrderBooks are read")
	flag.Parse()
	o.Key, o.Secret = os.Getenv(keyEnv), os.Getenv(secretEnv)
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, o, os.Stdout, logger); err != nil {
		fmt.Fprintln(os.Stderr, "solver:", err)
		os.Exit(1)
	}
}

// chain is a chain the solver reads and fills on.
type chain struct {
	name      orchestration.Chain
	id        uint64
	client    *ethclient.Client
	orderBook common.Address
	portal    common.Address
	next      uint64 // first block not scanned yet
}

// solver is the running program.
type solver struct {
	o       Options
	key     *ecdsa.PrivateKey
	self    common.Address
	catalog *asset.Catalog
	chains  map[orchestration.Chain]*chain
	byID    map[uint64]*chain
	logger  *slog.Logger
	topic   common.Hash
}

// run serves the RFQ endpoint and fills orders until ctx ends.
func run(ctx context.Context, o Options, out io.Writer, logger *slog.Logger) error {
	if len(o.Secret) < rfq.MinSecretLen {
		return fmt.Errorf("%s must hold the secret shared with the service, at least %d bytes", secretEnv, rfq.MinSecretLen)
	}
	key, err := crypto.HexToECDSA(strings.TrimPrefix(o.Key, "0x"))
	if err != nil {
		return fmt.Errorf("%s must hold the solver's private key in hex: %v", keyEnv, err)
	}
	if o.SpreadBps < 0 || o.SpreadBps >= 10_000 {
		return fmt.Errorf("-spread-bps must be in [0, 10000), got %d", o.SpreadBps)
	}
	s, err := open(ctx, o, key, logger)
	if err != nil {
		return err
	}
	defer func() {
		for _, c := range s.chains {
			c.client.Close()
		}
	}()
	ln, err := net.Listen("tcp", o.Listen)
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.Handle("/", logRequests(rfq.Handler(&rfq.Verifier{Secret: []byte(o.Secret)}, s.offer, logger), logger))
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	fmt.Fprintf(out, "solver: %s answering RFQs at http://%s/ on %d chains (fill=%t, exclusive=%t)\n", s.self.Hex(), ln.Addr(), len(s.chains), o.Fill, o.Exclusive)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	if o.Fill {
		go s.fillLoop(ctx)
	}
	select {
	case <-ctx.Done():
	case err := <-served:
		return err
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return srv.Shutdown(shutdown)
}

// logRequests logs each request as it arrives, and each refusal with the
// error body answered: a solver's operator sees who asks, and why a request
// was refused (a wrong secret is a 401 Unauthorized).
func logRequests(h http.Handler, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get(rfq.HeaderRequestID)
		logger.Info("RFQ request received", "requestId", id, "remote", r.RemoteAddr)
		rec := &refusalRecorder{ResponseWriter: w}
		h.ServeHTTP(rec, r)
		if rec.status >= 400 {
			logger.Warn("RFQ request refused", "requestId", id, "status", rec.status, "answer", rec.body.String())
		}
	})
}

// refusalRecorder keeps the status answered and, for a refusal, its body
// (an error body, small).
type refusalRecorder struct {
	http.ResponseWriter
	status int
	body   strings.Builder
}

func (r *refusalRecorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *refusalRecorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	if r.status >= 400 && r.body.Len() < 1024 {
		r.body.Write(b)
	}
	return r.ResponseWriter.Write(b)
}

// fileConfig is what the solver reads of a serve configuration.
type fileConfig struct {
	Catalog asset.Config                   `json:"catalog"`
	RPC     map[orchestration.Chain]string `json:"rpc"`
}

// open reads the configuration and dials every EVM chain with an endpoint
// and an OrderBook.
func open(ctx context.Context, o Options, key *ecdsa.PrivateKey, logger *slog.Logger) (*solver, error) {
	b, err := os.ReadFile(o.ConfigFile)
	if err != nil {
		return nil, err
	}
	var f fileConfig
	if err := yaml.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("%s: %w", o.ConfigFile, err)
	}
	cat, err := asset.New(f.Catalog)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", o.ConfigFile, err)
	}
	rpcs := map[orchestration.Chain]string{}
	for k, v := range f.RPC {
		rpcs[k] = v
	}
	for k, v := range o.RPC {
		rpcs[k] = v
	}
	s := &solver{o: o, key: key, self: crypto.PubkeyToAddress(key.PublicKey), catalog: cat, logger: logger,
		chains: map[orchestration.Chain]*chain{}, byID: map[uint64]*chain{},
		topic: contracts.MustABI("OrderBook").Events["OrderOpened"].ID}
	for _, cc := range f.Catalog.Chains {
		url := rpcs[cc.Name]
		if url == "" || cc.Name.Runtime() != orchestration.RuntimeEVM || !common.IsHexAddress(cc.Contracts.OrderBook) {
			continue
		}
		client, err := ethclient.DialContext(ctx, url)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", cc.Name, err)
		}
		head, err := client.BlockNumber(ctx)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", cc.Name, err)
		}
		c := &chain{name: cc.Name, id: cc.ChainID, client: client, orderBook: common.HexToAddress(cc.Contracts.OrderBook),
			portal: common.HexToAddress(cc.Contracts.Portal), next: head + 1}
		s.chains[c.name], s.byID[c.id] = c, c
	}
	if len(s.chains) == 0 {
		return nil, fmt.Errorf("%s: no EVM chain has both an rpc endpoint and an OrderBook", o.ConfigFile)
	}
	return s, nil
}

// price is what the solver delivers of to for amountIn of from: every token
// a dollar, less the spread, rounded down.
func (s *solver) price(fromDecimals, toDecimals int, amountIn *big.Int) *big.Int {
	n := new(big.Int).Mul(amountIn, big.NewInt(int64(10_000-s.o.SpreadBps)))
	n.Mul(n, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(toDecimals)), nil))
	d := new(big.Int).Mul(big.NewInt(10_000), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(fromDecimals)), nil))
	return n.Quo(n, d)
}

// priceIn is price inverted: the least input of from for which price
// delivers at least amountOut of to.
func (s *solver) priceIn(fromDecimals, toDecimals int, amountOut *big.Int) *big.Int {
	n := new(big.Int).Mul(amountOut, big.NewInt(10_000))
	n.Mul(n, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(fromDecimals)), nil))
	d := new(big.Int).Mul(big.NewInt(int64(10_000-s.o.SpreadBps)), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(toDecimals)), nil))
	q, r := new(big.Int).QuoRem(n, d, new(big.Int))
	if r.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}

// offer answers a request (an exact-output ask too: then the input it
// needs): its price, when both tokens are in its catalog
// on chains it fills on and its inventory covers the amount.
func (s *solver) offer(ctx context.Context, req rfq.Request) (*rfq.Offer, error) {
	from, errFrom := s.catalog.Resolve(orchestration.AssetAddress{Chain: req.From.Chain, Address: req.From.Address})
	to, errTo := s.catalog.Resolve(orchestration.AssetAddress{Chain: req.To.Chain, Address: req.To.Address})
	dest, ok := s.chains[req.To.Chain]
	if errFrom != nil || errTo != nil || !ok || s.chains[req.From.Chain] == nil {
		return nil, limitorder.ErrNoOffer
	}
	var in *rfq.Amount // the input an exact-output ask needs
	var out *big.Int
	if req.AmountOut != nil {
		// An exact-output ask: the least input price covers, the output asked for.
		a := rfq.NewAmount(s.priceIn(from.Decimals, to.Decimals, req.AmountOut.Int))
		in, out = &a, req.AmountOut.Int
	} else {
		out = s.price(from.Decimals, to.Decimals, req.AmountIn.Int)
	}
	if out.Sign() <= 0 {
		return nil, limitorder.ErrNoOffer
	}
	token, err := bindings.NewMToken(common.HexToAddress(to.Address), dest.client)
	if err != nil {
		return nil, err
	}
	bal, err := token.BalanceOf(&bind.CallOpts{Context: ctx}, s.self)
	if err != nil {
		return nil, fmt.Errorf("balanceOf on %s: %w", dest.name, err)
	}
	if bal.Cmp(out) < 0 {
		return nil, limitorder.ErrNoOffer
	}
	amountIn := req.AmountIn.Int
	if in != nil { // an exact-output ask: the request's amountIn is 0
		amountIn = in.Int
	}
	s.logger.Info("offering", "requestId", req.RequestID, "from", req.From.Symbol, "to", req.To.Symbol, "amountIn", amountIn, "amountOut", out)
	return &rfq.Offer{SolverAddress: s.self.Hex(), AmountOut: rfq.NewAmount(out), AmountIn: in, Exclusive: s.o.Exclusive,
		ExpiresAt: time.Now().Add(s.o.OfferTTL), EstFillTimeMs: 3000, FeeBps: s.o.SpreadBps}, nil
}

// pending is an order seen open, to be filled.
type pending struct {
	origin   *chain
	id       [32]byte
	attempts int
	due      time.Time
}

// fillAttempts bounds how often a failing fill is tried.
const fillAttempts = 20

// fillLoop scans the OrderBooks and fills the orders it takes until ctx
// ends. One goroutine sends every transaction, so nonces never race.
func (s *solver) fillLoop(ctx context.Context) {
	t := time.NewTicker(s.o.Poll)
	defer t.Stop()
	var queue []pending
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		for _, c := range s.chains {
			found, err := s.scan(ctx, c)
			if err != nil && ctx.Err() == nil {
				s.logger.Warn("scanning orders", "chain", c.name, "err", err)
			}
			queue = append(queue, found...)
		}
		rest := queue[:0]
		for _, p := range queue {
			if time.Now().Before(p.due) {
				rest = append(rest, p)
				continue
			}
			if err := s.fill(ctx, p.origin, p.id); err != nil && ctx.Err() == nil {
				p.attempts++
				p.due = time.Now().Add(time.Duration(p.attempts) * 200 * time.Millisecond)
				s.logger.Warn("fill failed", "origin", p.origin.name, "orderId", common.Hash(p.id), "attempt", p.attempts, "err", err)
				if p.attempts < fillAttempts {
					rest = append(rest, p)
				}
			}
		}
		queue = rest
	}
}

// scan returns the orders opened on c since the last scan that name the
// solver or no solver.
func (s *solver) scan(ctx context.Context, c *chain) ([]pending, error) {
	head, err := c.client.BlockNumber(ctx)
	if err != nil || head < c.next {
		return nil, err
	}
	logs, err := c.client.FilterLogs(ctx, ethereum.FilterQuery{
		FromBlock: new(big.Int).SetUint64(c.next), ToBlock: new(big.Int).SetUint64(head),
		Addresses: []common.Address{c.orderBook}, Topics: [][]common.Hash{{s.topic}},
	})
	if err != nil {
		return nil, err
	}
	filterer, err := bindings.NewOrderBookFilterer(c.orderBook, c.client)
	if err != nil {
		return nil, err
	}
	self := common.BytesToHash(s.self.Bytes())
	var out []pending
	for _, l := range logs {
		ev, err := filterer.ParseOrderOpened(l)
		if err != nil {
			s.logger.Warn("undecodable OrderOpened", "chain", c.name, "tx", l.TxHash, "err", err)
			continue
		}
		if ev.Solver == self || ev.Solver == ([32]byte{}) {
			out = append(out, pending{origin: c, id: ev.OrderId})
		}
	}
	c.next = head + 1
	return out, nil
}

// fill fills what is left of an order on its destination chain, or
// declines it (nil); an error is worth another try.
func (s *solver) fill(ctx context.Context, origin *chain, id [32]byte) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	call := &bind.CallOpts{Context: ctx}
	decline := func(why string, args ...any) error {
		s.logger.Info("declining order: "+why, append([]any{"origin", origin.name, "orderId", common.Hash(id)}, args...)...)
		return nil
	}
	originBook, err := bindings.NewOrderBook(origin.orderBook, origin.client)
	if err != nil {
		return err
	}
	data, err := originBook.GetOrderData(call, id)
	if err != nil {
		return fmt.Errorf("getOrderData: %w", err)
	}
	dest, ok := s.byID[uint64(data.DestChainId)]
	if !ok {
		return decline("destination is not a chain the solver fills on", "destChainId", data.DestChainId)
	}
	tokenIn, tokenOut := common.BytesToAddress(data.TokenIn[:]), common.BytesToAddress(data.TokenOut[:])
	in, errIn := s.catalog.Resolve(orchestration.AssetAddress{Chain: origin.name, Address: tokenIn.Hex()})
	out, errOut := s.catalog.Resolve(orchestration.AssetAddress{Chain: dest.name, Address: tokenOut.Hex()})
	if errIn != nil || errOut != nil {
		return decline("tokens not traded")
	}
	if data.Solver == ([32]byte{}) && data.AmountOut.Cmp(s.price(in.Decimals, out.Decimals, data.AmountIn)) > 0 {
		return decline("an open order asking more than the solver's price", "amountOut", data.AmountOut)
	}
	destBook, err := bindings.NewOrderBook(dest.orderBook, dest.client)
	if err != nil {
		return err
	}
	o, err := destBook.GetOrder(call, id)
	if err != nil {
		return fmt.Errorf("getOrder on %s: %w", dest.name, err)
	}
	if o.Status > 1 { // neither unknown there (0) nor created (1)
		return decline("no longer open", "status", o.Status)
	}
	filled, err := destBook.GetFilledAmounts(call, id)
	if err != nil {
		return fmt.Errorf("getFilledAmounts on %s: %w", dest.name, err)
	}
	amount := new(big.Int).Sub(data.AmountOut, filled.AmountOutFilled)
	if amount.Sign() <= 0 {
		return decline("nothing left to fill")
	}
	headTime, err := s.headTime(ctx, dest)
	if err != nil {
		return err
	}
	if headTime > data.FillDeadline {
		return decline("expired", "fillDeadline", data.FillDeadline)
	}
	if headTime < data.CreatedAt {
		// The destination's clock is behind the order's creation (a
		// devnet chain that sealed fewer blocks): fillOrder would revert
		// until it catches up, and its gas is estimated at the head's
		// time, so even one second behind is too far. A devnet seals a
		// block per transaction.
		if err := s.nudge(ctx, dest); err != nil {
			return err
		}
		return fmt.Errorf("%s's clock (%d) is behind the order's createdAt (%d)", dest.name, headTime, data.CreatedAt)
	}
	token, err := bindings.NewTetherToken(tokenOut, dest.client) // approve without a return value suits every token
	if err != nil {
		return err
	}
	bal, err := token.BalanceOf(call, s.self)
	if err != nil {
		return fmt.Errorf("balanceOf on %s: %w", dest.name, err)
	}
	if bal.Cmp(amount) < 0 {
		return decline("inventory too small", "need", amount, "have", bal)
	}
	allowance, err := token.Allowance(call, s.self, dest.orderBook)
	if err != nil {
		return fmt.Errorf("allowance on %s: %w", dest.name, err)
	}
	if allowance.Cmp(amount) < 0 {
		approvals := []*big.Int{new(big.Int).SetUint64(math.MaxUint64)}
		if allowance.Sign() != 0 { // USDT's rule: to zero first
			approvals = append([]*big.Int{new(big.Int)}, approvals...)
		}
		for _, a := range approvals {
			tx, err := token.Approve(s.opts(ctx, dest, nil), dest.orderBook, a)
			if err := s.mined(ctx, dest, "approve", tx, err); err != nil {
				return err
			}
		}
	}
	var fee *big.Int
	if data.OriginChainId != data.DestChainId {
		portal, err := bindings.NewPortal(dest.portal, dest.client)
		if err != nil {
			return err
		}
		const payloadFillReport = 4 // the Portal's payload type of a fill report
		if fee, err = portal.Quote0(call, data.OriginChainId, payloadFillReport); err != nil {
			return fmt.Errorf("portal quote on %s: %w", dest.name, err)
		}
	}
	self := common.BytesToHash(s.self.Bytes())
	tx, err := destBook.FillOrder(s.opts(ctx, dest, fee), id, data, bindings.FillParams{AmountOutToFill: amount, OriginRecipient: self, RefundAddress: self})
	if err := s.mined(ctx, dest, "fillOrder", tx, err); err != nil {
		return err
	}
	s.logger.Info("filled", "origin", origin.name, "destination", dest.name, "orderId", common.Hash(id), "amountOut", amount, "tx", tx.Hash())
	return nil
}

func (s *solver) headTime(ctx context.Context, c *chain) (uint64, error) {
	h, err := c.client.HeaderByNumber(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("head of %s: %w", c.name, err)
	}
	return h.Time, nil
}

// nudge sends the solver a zero-value transfer on c, sealing a block.
func (s *solver) nudge(ctx context.Context, c *chain) error {
	nonce, err := c.client.PendingNonceAt(ctx, s.self)
	if err != nil {
		return err
	}
	tip, err := c.client.SuggestGasTipCap(ctx)
	if err != nil {
		return err
	}
	head, err := c.client.HeaderByNumber(ctx, nil)
	if err != nil {
		return err
	}
	feeCap := new(big.Int).Add(tip, new(big.Int).Mul(head.BaseFee, big.NewInt(2)))
	tx, err := types.SignNewTx(s.key, types.LatestSignerForChainID(new(big.Int).SetUint64(c.id)),
		&types.DynamicFeeTx{ChainID: new(big.Int).SetUint64(c.id), Nonce: nonce, GasTipCap: tip, GasFeeCap: feeCap, Gas: 21_000, To: &s.self})
	if err != nil {
		return err
	}
	return s.mined(ctx, c, "nudge", tx, c.client.SendTransaction(ctx, tx))
}

func (s *solver) opts(ctx context.Context, c *chain, value *big.Int) *bind.TransactOpts {
	o, _ := bind.NewKeyedTransactorWithChainID(s.key, new(big.Int).SetUint64(c.id)) // only fails on a nil chain id
	o.Context, o.Value = ctx, value
	return o
}

// mined waits for tx, sent with err, and checks it succeeded.
func (s *solver) mined(ctx context.Context, c *chain, what string, tx *types.Transaction, err error) error {
	if err != nil {
		return fmt.Errorf("%s on %s: %w", what, c.name, err)
	}
	r, err := bind.WaitMined(ctx, c.client, tx)
	if err != nil {
		return fmt.Errorf("%s on %s: %w", what, c.name, err)
	}
	if r.Status != types.ReceiptStatusSuccessful {
		return fmt.Errorf("%s on %s: reverted in tx %s", what, c.name, tx.Hash())
	}
	return nil
}

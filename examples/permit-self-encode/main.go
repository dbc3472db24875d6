// Command permit-self-encode runs the EIP-2612 permit flow with
// self-encoding: it asks for a permit quote (POST /permit/quote), verifies
// the recipe against what it asked for before signing anything (verify:
// the tokens, amounts, recipient, the least output, for an order its
// destination, sender and solver, and the spender, which must be the
// catalog's contract for the operation), shows what the owner signs, signs
// the permit, encodes the transaction itself with package permit, without
// POST /permit/build, and sends that one transaction. No approve is ever
// sent: the token's allowance for the contract called is zero before and
// after, and the permit's nonce is used.
//
// To show that self-encoding builds what the service would, it also calls
// /permit/build once with the same signature and checks that the service's
// calldata is byte-identical to its own; a wallet or solver would skip that
// call.
//
// With no flags it runs everything in process: the orchestration service
// (package service) on the in-process devnet (package service/devnet), and
// the devnet account carol swapping 2 wM for mUSD on Sepolia through the
// SwapFacility, paid to bob:
//
//	go run ./examples/permit-self-encode
//
// Against a running orchestrationd and an RPC endpoint of the chain, the
// permit quote comes over HTTP (package orchestration/client) and the
// transaction goes to the endpoint named. -from and -to name tokens as
// Chain:SYMBOL or Chain:address, resolved in -catalog (a catalog file, or a
// file written by `orchestrationd devnet -config-out`; empty means the
// built-in catalog of M0 deployments), whose contracts are the only
// spenders the program accepts. -min-out is the least output accepted
// (default: -amount less 1%, the tokens being dollars), and -solver the one
// solver a limit order may be exclusive to (default: none, only orders any
// solver may fill):
//
//	go run ./examples/permit-self-encode -server http://127.0.0.1:8080/v1/orchestration \
//	    -api-key $KEY -key $PRIVATE_KEY -rpc Sepolia=http://... -catalog orchestrationd-devnet.yaml \
//	    -from Sepolia:wM -to Sepolia:mUSD -amount 2000000 -recipient 0x...
package main

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"math/big"
	"os"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"sigs.k8s.io/yaml"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	evmdevnet "github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
	"github.com/m0-orchestration/m0/permit"
	"github.com/m0-orchestration/m0/service"
	"github.com/m0-orchestration/m0/service/devnet"
)

func main() {
	log.SetFlags(0)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(2)
		}
		log.Fatal(err)
	}
}

// options are the program's flags.
type options struct {
	server, apiKey, key, rpcs, catalog string
	from, to, amount, recipient        string
	minOut, solver                     string
}

// run parses args, runs the flow in process or against -server, and writes
// its progress to stdout.
func run(ctx context.Context, args []string, stdout io.Writer) error {
	var o options
	fs := flag.NewFlagSet("permit-self-encode", flag.ContinueOnError)
	fs.StringVar(&o.server, "server", "", "orchestration service base URL (ending in /v1/orchestration); empty runs the service on an in-process devnet")
	fs.StringVar(&o.apiKey, "api-key", os.Getenv("ORCHESTRATION_API_KEY"), "API key for -server")
	fs.StringVar(&o.key, "key", "", "hex private key of the permit's owner (remote mode)")
	fs.StringVar(&o.rpcs, "rpc", "", "Chain=URL,... JSON-RPC endpoints (remote mode)")
	fs.StringVar(&o.catalog, "catalog", "", "catalog file, or a file of `orchestrationd devnet -config-out`, to resolve tokens and describe the transaction (remote mode; empty means the built-in catalog)")
	fs.StringVar(&o.from, "from", "Sepolia:wM", "input token, Chain:SYMBOL or Chain:address")
	fs.StringVar(&o.to, "to", "Sepolia:mUSD", "output token, Chain:SYMBOL or Chain:address")
	fs.StringVar(&o.amount, "amount", "2000000", "amount in the input token's smallest unit")
	fs.StringVar(&o.recipient, "recipient", "", "recipient address (default: the devnet account bob, or the owner)")
	fs.StringVar(&o.minOut, "min-out", "", "least output accepted, in the output token's smallest unit (default: -amount less 1%, in the output token's decimals)")
	fs.StringVar(&o.solver, "solver", "", "the one solver a limit order may be exclusive to (default: only orders any solver may fill)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if o.server == "" {
		return runDevnet(ctx, o, stdout)
	}
	return runRemote(ctx, o, stdout)
}

// flow is what the permit flow runs on, in process or remote.
type flow struct {
	permits orchestration.PermitBuilder
	catalog *asset.Catalog
	clients map[orchestration.Chain]evm.TxBackend
	owner   *ecdsa.PrivateKey
	out     io.Writer
}

// runDevnet runs the flow on an in-process devnet as carol paying bob.
func runDevnet(ctx context.Context, o options, stdout io.Writer) error {
	f, o, stop, err := devnetFlow(ctx, o, stdout)
	if err != nil {
		return err
	}
	defer stop()
	return f.run(ctx, o)
}

// devnetFlow assembles the service on an in-process devnet, as an embedding
// Go backend would, for carol paying bob (or -recipient); stop stops it.
func devnetFlow(ctx context.Context, o options, stdout io.Writer) (f flow, _ options, stop func(), err error) {
	if o.key != "" || o.rpcs != "" || o.catalog != "" {
		return f, o, nil, errors.New("-key, -rpc and -catalog need -server")
	}
	n := devnet.New(devnet.Config{})
	svc, err := service.New(ctx, service.Config{Network: n, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		return f, o, nil, err
	}

	clients := map[orchestration.Chain]evm.TxBackend{}
	for _, c := range n.Devnet().Chains() {
		clients[c.Name] = c.Client()
	}
	carol, _ := evmdevnet.AccountByName("carol")
	if o.recipient == "" {
		bob, _ := evmdevnet.AccountByName("bob")
		o.recipient = bob.Address.Hex()
	}
	f = flow{permits: svc.Permits(), catalog: svc.Catalog(), clients: clients, owner: carol.Key, out: stdout}
	fmt.Fprintf(stdout, "in-process devnet: carol %s pays %s\n", carol.Address.Hex(), o.recipient)
	return f, o, func() { svc.Close() }, nil
}

// runRemote asks a running service for the permit quote and sends the
// transaction to the endpoints given.
func runRemote(ctx context.Context, o options, stdout io.Writer) error {
	key, err := crypto.HexToECDSA(strings.TrimPrefix(o.key, "0x"))
	if err != nil {
		return fmt.Errorf("-key: %v", err)
	}
	cat, err := loadCatalog(o.catalog)
	if err != nil {
		return fmt.Errorf("-catalog: %w", err)
	}
	c, err := client.New(o.server, client.Config{APIKey: o.apiKey})
	if err != nil {
		return err
	}
	clients := map[orchestration.Chain]evm.TxBackend{}
	for _, kv := range strings.Split(o.rpcs, ",") {
		name, url, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("-rpc: %q is not Chain=URL", kv)
		}
		ch, ok := cat.Chain(orchestration.Chain(name))
		if !ok {
			return fmt.Errorf("-rpc: chain %q is not in the catalog", name)
		}
		ec, err := evm.Dial(ctx, ch.Name, ch.ChainID, url, evm.DialOptions{})
		if err != nil {
			return err
		}
		defer ec.Close()
		clients[ch.Name] = ec
	}
	f := flow{permits: c, catalog: cat, clients: clients, owner: key, out: stdout}
	return f.run(ctx, o)
}

// asked is what the flow asks for, fixed before any quote, so that nothing
// the service (or anything between it and this program) answers can change
// it.
type asked struct {
	src, dst  asset.AssetInfo
	amount    *big.Int
	minOut    *big.Int // the least output accepted
	owner     common.Address
	recipient string
	solver    string // the solver an order may be exclusive to, or permit.OpenFill
}

// ask reads the flags into what the flow asks for.
func (f flow) ask(o options) (asked, error) {
	var a asked
	var err error
	if a.src, err = resolve(f.catalog, o.from); err != nil {
		return a, fmt.Errorf("-from: %w", err)
	}
	if a.dst, err = resolve(f.catalog, o.to); err != nil {
		return a, fmt.Errorf("-to: %w", err)
	}
	var ok bool
	if a.amount, ok = new(big.Int).SetString(o.amount, 10); !ok || a.amount.Sign() <= 0 {
		return a, fmt.Errorf("-amount: %q is not a positive integer", o.amount)
	}
	a.minOut = onePercentLess(a.amount, a.src, a.dst)
	if o.minOut != "" {
		if a.minOut, ok = new(big.Int).SetString(o.minOut, 10); !ok || a.minOut.Sign() < 0 {
			return a, fmt.Errorf("-min-out: %q is not an integer of at least 0", o.minOut)
		}
	}
	a.owner = crypto.PubkeyToAddress(f.owner.PublicKey)
	a.recipient = o.recipient
	if a.recipient == "" {
		a.recipient = a.owner.Hex()
	}
	if !common.IsHexAddress(a.recipient) {
		return a, fmt.Errorf("-recipient: %q is not an address", a.recipient)
	}
	a.solver = permit.OpenFill
	if o.solver != "" {
		if !common.IsHexAddress(o.solver) {
			return a, fmt.Errorf("-solver: %q is not an address", o.solver)
		}
		a.solver = o.solver
	}
	return a, nil
}

// onePercentLess is amount less 1% in dst's decimals: the default least
// output, the tokens being dollars.
func onePercentLess(amount *big.Int, src, dst asset.AssetInfo) *big.Int {
	v := new(big.Int).Mul(amount, big.NewInt(99))
	v.Mul(v, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(dst.Decimals)), nil))
	return v.Quo(v, new(big.Int).Mul(big.NewInt(100), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(src.Decimals)), nil)))
}

// verify checks a recipe against what was asked before anything is signed:
// every expectation of permit.Expect, the order's sender being the owner,
// and the spender, which must be the contract cat names for the operation
// (the SwapFacility, the Uniswap router or the OrderBook) on the source
// chain.
func verify(cat *asset.Catalog, recipe orchestration.PermitRecipe, a asked) error {
	src, ok := cat.Chain(a.src.Chain)
	if !ok {
		return fmt.Errorf("%s is not in the catalog", a.src.Chain)
	}
	dst, ok := cat.Chain(a.dst.Chain)
	if !ok {
		return fmt.Errorf("%s is not in the catalog", a.dst.Chain)
	}
	err := permit.Verify(recipe, permit.Expect{
		Token: common.HexToAddress(a.src.Address), ChainID: src.ChainID, Owner: a.owner, Amount: a.amount,
		Recipient: a.recipient, TokenOut: a.dst.Address, MinAmountOut: a.minOut,
		DestChainID: dst.ChainID, OrderSender: a.owner, Solver: a.solver,
		Catalog: cat,
	})
	if err != nil {
		return fmt.Errorf("the recipe is not what was asked for: %w", err)
	}
	return nil
}

// run is the flow itself: quote, verify, describe, sign, self-encode,
// compare with the service's build, send, and check the result.
func (f flow) run(ctx context.Context, o options) error {
	a, err := f.ask(o)
	if err != nil {
		return err
	}
	src, dst, amount, owner, recipient, minOut := a.src, a.dst, a.amount, a.owner, a.recipient, a.minOut
	chain, _ := f.catalog.Chain(src.Chain)
	backend := f.clients[src.Chain]
	if backend == nil {
		return fmt.Errorf("no RPC endpoint for %s", src.Chain)
	}

	// 1. The permit quote.
	resp, err := f.permits.PermitQuote(ctx, orchestration.PermitQuoteRequest{QuoteRequest: orchestration.QuoteRequest{
		Route:     orchestration.Route{Source: ref(src), Destination: ref(dst)},
		AmountIn:  amount.String(),
		Sender:    owner.Hex(),
		Recipient: recipient,
	}})
	if err != nil {
		return fmt.Errorf("permit quote: %w", err)
	}
	if resp.Issues != nil && resp.Issues.Balance != nil {
		return fmt.Errorf("the owner holds %s, the quote needs %s", resp.Issues.Balance.Actual, resp.Issues.Balance.Expected)
	}
	q := resp.Quotes[0]
	fmt.Fprintf(f.out, "permit quote: %s %s in, %s %s out (at least %s), %d recipe(s), valid until %s\n",
		orchestration.FormatUnits(amount, src.Decimals), src.Symbol, orchestration.FormatUnits(bigOf(q.AmountOut), dst.Decimals), dst.Symbol,
		orchestration.FormatUnits(bigOf(q.MinAmountOut), dst.Decimals), len(q.Recipes), time.Unix(q.ExpiresAt, 0).UTC().Format(time.RFC3339))
	if len(q.Recipes) != 1 {
		return fmt.Errorf("this example sends one transaction; the best quote has %d recipes", len(q.Recipes))
	}
	recipe := q.Recipes[0]
	fmt.Fprintf(f.out, "  recipe: [%s] %s\n", recipe.Provider, recipe.Annotation)

	// 2. Verify the recipe against what was asked for, not against itself
	// nor the quote, before signing anything.
	if err := verify(f.catalog, recipe, a); err != nil {
		return err
	}
	fmt.Fprintf(f.out, "verified: a permit of %s %s on %s (chain id %d) by owner %s to spender %s,\n"+
		"  paying at least %s %s to %s, deadline %s, nonce %s\n",
		orchestration.FormatUnits(amount, src.Decimals), src.Symbol, chain.Name, chain.ChainID, owner.Hex(), recipe.Spender,
		orchestration.FormatUnits(minOut, dst.Decimals), dst.Symbol, recipient, deadline(recipe), recipe.TypedData.Message.Nonce)

	// 3. Sign the permit, encode the transaction, and show it.
	sig, err := permit.Sign(ctx, recipe, permit.KeyTypedDataSigner(f.owner))
	if err != nil {
		return err
	}
	payload, err := permit.Encode(recipe, sig)
	if err != nil {
		return err
	}
	sentence, err := permit.Describe(f.catalog, payload)
	if err != nil {
		return err
	}
	fmt.Fprintf(f.out, "you sign: %s\n", sentence)
	fmt.Fprintf(f.out, "signature %#x\n", sig)

	// 4. For the demonstration only: the service builds the same bytes.
	built, err := f.permits.PermitBuild(ctx, orchestration.PermitBuildRequest{SignedRecipes: []orchestration.SignedRecipe{
		{Recipe: recipe, Signature: hexString(sig)}}})
	if err != nil {
		return fmt.Errorf("permit build: %w", err)
	}
	if err := same(payload, built.Payloads); err != nil {
		return err
	}
	fmt.Fprintf(f.out, "self-encoded calldata matches the server's (%d bytes to %s)\n",
		len(common.FromHex(payload.Data.EVM.Data)), payload.Data.EVM.To)

	// 5. Send the one transaction; no approve before it.
	token, err := bindings.NewMExtension(common.HexToAddress(src.Address), backend) // the ERC-20 and EIP-2612 ABI of every token
	if err != nil {
		return err
	}
	spender := common.HexToAddress(recipe.Spender)
	allowanceBefore, err := token.Allowance(call(ctx), owner, spender)
	if err != nil {
		return err
	}
	nonceBefore, err := token.Nonces(call(ctx), owner)
	if err != nil {
		return err
	}
	dstBackend := f.clients[dst.Chain]
	if dstBackend == nil {
		return fmt.Errorf("no RPC endpoint for %s", dst.Chain)
	}
	before, err := balanceOf(ctx, dstBackend, dst.Address, recipient)
	if err != nil {
		return err
	}
	ex := &evm.Executor{Clients: f.clients, Signer: evm.KeySigner(f.owner)}
	receipts, err := ex.Execute(ctx, []orchestration.Payload{payload})
	if err != nil {
		return err
	}
	r := receipts[0]
	fmt.Fprintf(f.out, "sent: tx %s mined in block %d, status %d, gas used %d\n", r.TxHash.Hex(), r.BlockNumber, r.Status, r.GasUsed)

	got, err := evm.WaitFor(ctx, func(ctx context.Context) (*big.Int, bool, error) {
		now, err := balanceOf(ctx, dstBackend, dst.Address, recipient)
		if err != nil {
			return nil, false, err
		}
		d := now.Sub(now, before)
		return d, d.Cmp(minOut) >= 0, nil
	})
	if err != nil {
		return fmt.Errorf("waiting for the recipient's balance: %w", err)
	}
	fmt.Fprintf(f.out, "recipient %s: %s %s balance +%s (%s)\n", recipient, dst.Chain, dst.Symbol, orchestration.FormatUnits(got, dst.Decimals), got)

	// 6. No approve: the allowance was zero before and is zero after, and
	// the permit's nonce was used.
	allowanceAfter, err := token.Allowance(call(ctx), owner, spender)
	if err != nil {
		return err
	}
	nonceAfter, err := token.Nonces(call(ctx), owner)
	if err != nil {
		return err
	}
	if nonceAfter.Cmp(new(big.Int).Add(nonceBefore, common.Big1)) != 0 {
		return fmt.Errorf("the permit nonce went from %s to %s: the permit was not used", nonceBefore, nonceAfter)
	}
	if allowanceBefore.Sign() != 0 {
		fmt.Fprintf(f.out, "note: the owner already allowed %s to %s before; the permit replaced it\n", allowanceBefore, spender.Hex())
	} else {
		fmt.Fprintf(f.out, "no approve: %s allowance for %s was 0 before and is %s after; permit nonce %s used\n",
			src.Symbol, spender.Hex(), allowanceAfter, nonceBefore)
	}
	return nil
}

// same checks that the service built exactly the self-encoded transaction.
func same(self orchestration.Payload, built []orchestration.Payload) error {
	if len(built) != 1 || built[0].Data.EVM == nil {
		return fmt.Errorf("permit build returned %d payloads, want one EVM payload", len(built))
	}
	a, b := self.Data.EVM, built[0].Data.EVM
	switch {
	case !bytes.Equal(common.FromHex(a.Data), common.FromHex(b.Data)):
		return fmt.Errorf("self-encoded calldata %s differs from the server's %s", a.Data, b.Data)
	case !strings.EqualFold(a.To, b.To) || a.ChainID != b.ChainID || a.Value != b.Value:
		return fmt.Errorf("self-encoded transaction (to %s, chain %d, value %s) differs from the server's (to %s, chain %d, value %s)",
			a.To, a.ChainID, a.Value, b.To, b.ChainID, b.Value)
	}
	return nil
}

// resolve reads Chain:SYMBOL or Chain:address against the catalog.
func resolve(cat *asset.Catalog, s string) (asset.AssetInfo, error) {
	chain, tok, ok := strings.Cut(s, ":")
	if !ok {
		return asset.AssetInfo{}, fmt.Errorf("%q: want Chain:SYMBOL or Chain:address", s)
	}
	if common.IsHexAddress(tok) {
		return cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Chain(chain), Address: tok})
	}
	for _, a := range cat.Assets() {
		if string(a.Chain) == chain && a.Symbol == tok {
			return a, nil
		}
	}
	return asset.AssetInfo{}, fmt.Errorf("no %s on %s in the catalog", tok, chain)
}

// loadCatalog reads a catalog file or a file of `orchestrationd devnet`
// (its "catalog" key); empty means the built-in catalog.
func loadCatalog(path string) (*asset.Catalog, error) {
	if path == "" {
		return asset.Default(), nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var wrapped struct {
		Catalog *asset.Config `json:"catalog"`
	}
	if err := yaml.Unmarshal(b, &wrapped); err == nil && wrapped.Catalog != nil {
		return asset.New(*wrapped.Catalog)
	}
	return asset.Load(path)
}

func ref(a asset.AssetInfo) orchestration.AssetAddress {
	return orchestration.AssetAddress{Chain: a.Chain, Address: a.Address}
}

func call(ctx context.Context) *bind.CallOpts { return &bind.CallOpts{Context: ctx} }

func balanceOf(ctx context.Context, c evm.TxBackend, token, owner string) (*big.Int, error) {
	t, err := bindings.NewMExtension(common.HexToAddress(token), c)
	if err != nil {
		return nil, err
	}
	return t.BalanceOf(call(ctx), common.HexToAddress(owner))
}

func bigOf(s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return new(big.Int)
	}
	return v
}

func deadline(r orchestration.PermitRecipe) string {
	d, ok := new(big.Int).SetString(r.TypedData.Message.Deadline, 10)
	if !ok || !d.IsInt64() {
		return r.TypedData.Message.Deadline
	}
	return time.Unix(d.Int64(), 0).UTC().Format(time.RFC3339)
}

func hexString(b []byte) string { return fmt.Sprintf("%#x", b) }

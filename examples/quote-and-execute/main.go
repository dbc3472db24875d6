// Command quote-and-execute asks for a quote, checks it, signs and
// broadcasts its payloads in order, waits for each receipt (and for the
// bridge on cross-chain routes), and prints what the recipient received.
//
// With no flags it runs everything in process: a devnet of three chains,
// the quote engine with the bundled providers over the devnet's chains, and
// the devnet account alice sending USDC on Sepolia to bob as mUSD on
// BaseSepolia (Uniswap, then the M Portal, then the SwapFacility):
//
//	go run ./examples/quote-and-execute
//
// Against a running orchestrationd and any RPC endpoints, quotes come over
// HTTP and the payloads go to the chains named:
//
//	go run ./examples/quote-and-execute -server http://127.0.0.1:8080/v1/orchestration \
//	    -api-key $KEY -key $PRIVATE_KEY -rpc Sepolia=http://...,BaseSepolia=http://... \
//	    -from Sepolia:0x...USDC -to BaseSepolia:0x...mUSD -amount 1000000 -recipient 0x...
package main

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"flag"
	"fmt"
	"log"
	"log/slog"
	"math/big"
	"os"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/evm/evmruntime"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/portal"
	"github.com/m0-orchestration/m0/quote/swapfacility"
	"github.com/m0-orchestration/m0/quote/uniswapv3"
)

func main() {
	server := flag.String("server", "", "orchestration service base URL (ending in /v1/orchestration); empty runs an in-process devnet and engine")
	apiKey := flag.String("api-key", os.Getenv("ORCHESTRATION_API_KEY"), "API key for -server")
	keyHex := flag.String("key", "", "hex private key of the funder (remote mode)")
	rpcs := flag.String("rpc", "", "Chain=URL,... JSON-RPC endpoints (remote mode)")
	from := flag.String("from", "", "source Chain:address (remote mode)")
	to := flag.String("to", "", "destination Chain:address (remote mode)")
	amount := flag.String("amount", "1000000", "amount in the source token's smallest unit")
	recipient := flag.String("recipient", "", "recipient address (default: the devnet account bob, or the funder)")
	flag.Parse()
	log.SetFlags(0)

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	var err error
	if *server == "" {
		err = runDevnet(ctx, *amount, *recipient)
	} else {
		err = runRemote(ctx, remote{server: *server, apiKey: *apiKey, key: *keyHex, rpcs: *rpcs,
			from: *from, to: *to, amount: *amount, recipient: *recipient})
	}
	if err != nil {
		log.Fatal(err)
	}
}

// runDevnet assembles the library in process, as an embedding Go backend
// would: catalog and chain reader, providers from their factories, engine.
func runDevnet(ctx context.Context, amount, recipient string) error {
	quiet := slog.New(slog.DiscardHandler)
	d, err := devnet.Start(ctx, devnet.Config{RelayDelay: 500 * time.Millisecond, Logger: quiet})
	if err != nil {
		return err
	}
	defer d.Close()

	var rc evm.Config
	clients := map[orchestration.Chain]evm.TxBackend{}
	for _, c := range d.Chains() {
		rc.Chains = append(rc.Chains, evm.ChainConfig{Name: c.Name, ChainID: c.ChainID, Multicall3: d.Contracts(c.Name).Multicall3, Backend: c.Client()})
		clients[c.Name] = c.Client()
	}
	reader, err := evm.NewReader(rc)
	if err != nil {
		return err
	}
	evmRT, err := evmruntime.New(evmruntime.Config{Catalog: d.Catalog(), Reader: reader})
	if err != nil {
		return err
	}
	runtimes := []quote.Runtime{evmRT}
	providers, err := quote.Build(quote.Deps{Catalog: d.Catalog(), Runtimes: runtimes, Logger: quiet},
		swapfacility.Factory(swapfacility.Config{}),
		portal.Factory(portal.Config{EstTime: 2 * time.Second}),
		uniswapv3.Factory(uniswapv3.Config{}))
	if err != nil {
		return err
	}
	engine, err := quote.New(quote.Config{Catalog: d.Catalog(), Runtimes: runtimes, Providers: providers, Logger: quiet})
	if err != nil {
		return err
	}

	alice, _ := devnet.AccountByName("alice")
	if recipient == "" {
		bob, _ := devnet.AccountByName("bob")
		recipient = bob.Address.Hex()
	}
	src := find(d.Catalog(), orchestration.Sepolia, "USDC")
	dst := find(d.Catalog(), orchestration.BaseSepolia, "mUSD")
	req := orchestration.QuoteRequest{
		Route:     orchestration.Route{Source: src, Destination: dst},
		AmountIn:  amount,
		Sender:    alice.Address.Hex(),
		Recipient: recipient,
	}
	quotes, err := engine.Quote(ctx, req)
	if err != nil {
		return err
	}
	return execute(ctx, quotes[0], req, alice.Key, clients)
}

type remote struct{ server, apiKey, key, rpcs, from, to, amount, recipient string }

// runRemote asks a running service for the quote and broadcasts to the
// endpoints given.
func runRemote(ctx context.Context, r remote) error {
	key, err := crypto.HexToECDSA(strings.TrimPrefix(r.key, "0x"))
	if err != nil {
		return fmt.Errorf("-key: %v", err)
	}
	src, err := parseRef(r.from)
	if err != nil {
		return fmt.Errorf("-from: %v", err)
	}
	dst, err := parseRef(r.to)
	if err != nil {
		return fmt.Errorf("-to: %v", err)
	}
	c, err := client.New(r.server, client.Config{APIKey: r.apiKey})
	if err != nil {
		return err
	}
	sender := crypto.PubkeyToAddress(key.PublicKey).Hex()
	req := orchestration.QuoteRequest{Route: orchestration.Route{Source: src, Destination: dst},
		AmountIn: r.amount, Sender: sender, Recipient: r.recipient}
	quotes, err := c.Quote(ctx, req)
	if err != nil {
		return err
	}
	clients := map[orchestration.Chain]evm.TxBackend{}
	for _, kv := range strings.Split(r.rpcs, ",") {
		name, url, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("-rpc: %q is not Chain=URL", kv)
		}
		var ec *ethclient.Client
		if id := chainIDOf(quotes[0], orchestration.Chain(name)); id != 0 {
			ec, err = evm.Dial(ctx, orchestration.Chain(name), id, url, evm.DialOptions{})
		} else { // no payload on it (the destination of a bridge): read only
			ec, err = ethclient.DialContext(ctx, url)
		}
		if err != nil {
			return err
		}
		defer ec.Close()
		clients[orchestration.Chain(name)] = ec
	}
	return execute(ctx, quotes[0], req, key, clients)
}

// execute checks the quote against the request, runs its payloads and
// waits until the recipient's balance has grown by at least minAmountOut.
func execute(ctx context.Context, q orchestration.Quote, req orchestration.QuoteRequest, key *ecdsa.PrivateKey, clients map[orchestration.Chain]evm.TxBackend) error {
	want := req.Recipient
	if want == "" {
		want = req.Sender
	}
	if !strings.EqualFold(q.Recipient, want) || q.AmountIn != req.AmountIn {
		return fmt.Errorf("the quote does not match the request: recipient %s, amountIn %s", q.Recipient, q.AmountIn)
	}
	fmt.Printf("quote: %s in, %s out (at least %s), ~%ds, %d payloads\n", q.AmountIn, q.AmountOut, q.MinAmountOut, q.EstFillTime, len(q.Payloads))
	if q.Issues != nil && q.Issues.Balance != nil {
		return fmt.Errorf("the funder holds %s, the quote needs %s", q.Issues.Balance.Actual, q.Issues.Balance.Expected)
	}
	dst := clients[q.Route.Destination.Chain]
	if dst == nil {
		return fmt.Errorf("no RPC endpoint for the destination chain %s", q.Route.Destination.Chain)
	}
	before, err := balanceOf(ctx, dst, q.Route.Destination.Address, q.Recipient)
	if err != nil {
		return err
	}
	signer := evm.KeySigner(key)
	ex := &evm.Executor{Clients: clients, Signer: signer,
		// A payload on another chain than the previous one spends what the
		// bridge delivers: wait until the funder's balance of the token it
		// calls (approve or spend) has arrived.
		BeforePayload: waitForBridge(ctx, clients, signer.From, q.Payloads)}
	for i, p := range q.Payloads {
		fmt.Printf("  %d. [%s] %s\n", i+1, p.Provider, p.Annotation)
	}
	receipts, err := ex.Execute(ctx, q.Payloads)
	if err != nil {
		return err
	}
	for i, r := range receipts {
		fmt.Printf("  %d. mined in block %d, tx %s\n", i+1, r.BlockNumber, r.TxHash.Hex())
	}
	min, _ := new(big.Int).SetString(q.MinAmountOut, 10)
	got, err := evm.WaitFor(ctx, func(ctx context.Context) (*big.Int, bool, error) {
		now, err := balanceOf(ctx, dst, q.Route.Destination.Address, q.Recipient)
		if err != nil {
			return nil, false, err
		}
		d := now.Sub(now, before)
		return d, d.Cmp(min) >= 0, nil
	})
	if err != nil {
		return fmt.Errorf("waiting for the recipient's balance: %w", err)
	}
	fmt.Printf("recipient %s received %s\n", q.Recipient, got)
	return nil
}

// waitForBridge returns a BeforePayload hook for routes that cross chains:
// the first payload on a new chain spends what the bridge delivers there,
// so it waits until the funder's balance of the token that payload calls
// (an approve's token) has grown past what it was before the route began.
func waitForBridge(ctx context.Context, clients map[orchestration.Chain]evm.TxBackend, funder common.Address, payloads []orchestration.Payload) func(context.Context, int, orchestration.Payload) error {
	start := map[int]*big.Int{}
	for i, p := range payloads {
		if i == 0 || p.Data.EVM == nil || payloads[i-1].Data.Chain() == p.Data.Chain() {
			continue
		}
		if c := clients[p.Data.Chain()]; c != nil {
			if bal, err := balanceOf(ctx, c, p.Data.EVM.To, funder.Hex()); err == nil {
				start[i] = bal // a token: wait for it to grow
			}
		}
	}
	return func(ctx context.Context, i int, p orchestration.Payload) error {
		before, ok := start[i]
		if !ok {
			return nil
		}
		fmt.Printf("  waiting for the bridge to deliver on %s...\n", p.Data.Chain())
		_, err := evm.WaitFor(ctx, func(ctx context.Context) (struct{}, bool, error) {
			bal, err := balanceOf(ctx, clients[p.Data.Chain()], p.Data.EVM.To, funder.Hex())
			return struct{}{}, err == nil && bal.Cmp(before) > 0, nil
		})
		return err
	}
}

func callOpts(ctx context.Context) *bind.CallOpts { return &bind.CallOpts{Context: ctx} }

func balanceOf(ctx context.Context, c evm.TxBackend, token, owner string) (*big.Int, error) {
	t, err := bindings.NewMToken(common.HexToAddress(token), c)
	if err != nil {
		return nil, err
	}
	return t.BalanceOf(callOpts(ctx), common.HexToAddress(owner))
}

func find(cat *asset.Catalog, chain orchestration.Chain, symbol string) orchestration.AssetAddress {
	for _, a := range cat.Assets() {
		if a.Chain == chain && a.Symbol == symbol {
			return orchestration.AssetAddress{Chain: a.Chain, Address: a.Address}
		}
	}
	log.Fatalf("no %s on %s", symbol, chain)
	return orchestration.AssetAddress{}
}

func parseRef(s string) (orchestration.AssetAddress, error) {
	chain, addr, ok := strings.Cut(s, ":")
	if !ok {
		return orchestration.AssetAddress{}, errors.New("want Chain:address")
	}
	return orchestration.AssetAddress{Chain: orchestration.Chain(chain), Address: addr}, nil
}

func chainIDOf(q orchestration.Quote, chain orchestration.Chain) uint64 {
	for _, p := range q.Payloads {
		if p.Data.EVM != nil && p.Data.EVM.Chain == chain {
			return p.Data.EVM.ChainID
		}
	}
	return 0
}

// Command embed is a Go backend that embeds the orchestration service: it
// mounts the service's handler under /payments in its own mux, next to its
// own routes, and adds a quote provider of its own, "acme-otc", an OTC desk
// that buys USDC for USDT on every chain at a fixed spread.
//
// The desk is a contract of its own, which the service's catalog does not
// know: the quote engine's payload guard lets a provider's payloads call
// only catalog tokens (to approve) and catalog contracts, and grant an
// allowance only to the latter, so the program lists the desk's contract
// in service.Config.Contracts on each EVM chain. Without it every quote of
// the desk is refused ("calls 0x…, which is neither a catalog token nor a
// known contract").
//
// By default it runs on an in-process devnet (simulated Sepolia, BaseSepolia
// and ArbitrumSepolia with the project's contracts) with a development key:
//
//	go run ./examples/embed
//	curl -H "x-api-key: $KEY" http://127.0.0.1:8081/payments/v1/orchestration/supported-assets
//
// With -config, it reads a file written by `orchestrationd devnet
// -config-out FILE` instead and reaches that devnet over JSON-RPC.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/asset"
	evmdevnet "github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/httpserver"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/service"
	"github.com/m0-orchestration/m0/service/devnet"
	"sigs.k8s.io/yaml"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8081", "listen address")
	config := flag.String("config", "", "a file written by `orchestrationd devnet`; empty runs an in-process devnet")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	if err := run(ctx, ln, *config, os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// devKey is the example's API key; a real backend reads its keys' secrets
// from its own configuration.
const devKey = "embed-example-development-key"

// run serves the program's mux on ln until ctx ends.
func run(ctx context.Context, ln net.Listener, configPath string, out io.Writer) error {
	otcConfig := OTCConfig{SpreadBps: 5, Desk: exampleDesk}
	cfg := service.Config{
		Providers: []quote.Factory{otcFactory(otcConfig)},
		Keys:      service.KeysConfig{Ensure: []apikey.NewKey{{Name: "embed-example", Secret: devKey}}},
		Logger:    slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})),
	}
	var chains []orchestration.Chain // the EVM chains served
	if configPath == "" {
		cfg.Network = devnet.New(devnet.Config{})
		for _, c := range evmdevnet.DefaultChains() {
			chains = append(chains, c.Name)
		}
	} else {
		cat, rpc, err := readDevnetFile(configPath)
		if err != nil {
			return err
		}
		cfg.Catalog, cfg.RPC = cat, rpc
		for _, c := range cat.Chains() {
			if c.Runtime == orchestration.RuntimeEVM {
				chains = append(chains, c.Name)
			}
		}
	}
	cfg.Contracts = deskContracts(otcConfig.Desk, chains)
	svc, err := service.New(ctx, cfg)
	if err != nil {
		return err
	}
	defer svc.Close()

	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintln(w, "acme payments: the orchestration API is under /payments/v1/orchestration")
	})
	mux.Handle("/payments/", http.StripPrefix("/payments", svc.Handler()))

	fmt.Fprintf(out, "embed: serving http://%s/payments/v1/orchestration (API key %s)\n", ln.Addr(), devKey)
	// httpserver.Serve brings the service's timeouts and graceful shutdown;
	// any http.Server serving mux works as well.
	return httpserver.Serve(ctx, ln, mux, svc.HTTPConfig())
}

// readDevnetFile reads the catalog and rpc endpoints of a file written by
// `orchestrationd devnet`; the other settings of the file are the binary's.
func readDevnetFile(path string) (*asset.Catalog, map[orchestration.Chain]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	var f struct {
		Catalog asset.Config                   `json:"catalog"`
		RPC     map[orchestration.Chain]string `json:"rpc"`
	}
	if err := yaml.Unmarshal(b, &f); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	cat, err := asset.New(f.Catalog)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: catalog: %w", path, err)
	}
	return cat, f.RPC, nil
}

// deskContracts lists the desk's contract on each of chains, for
// service.Config.Contracts: the catalog must know it for the engine's
// payload guard to let a quote approve the desk and call its deposit.
func deskContracts(desk common.Address, chains []orchestration.Chain) map[orchestration.Chain]map[string]string {
	out := make(map[orchestration.Chain]map[string]string, len(chains))
	for _, chain := range chains {
		out[chain] = map[string]string{"the acme OTC desk": desk.Hex()}
	}
	return out
}

// OTCID is the desk's provider identifier: any id that is not one of the
// hosted service's, which requests can name in include and exclude.
const OTCID orchestration.ProviderID = "acme-otc"

// OTCConfig configures the desk.
type OTCConfig struct {
	// SpreadBps is the desk's spread in basis points.
	SpreadBps int64
	// Desk is the desk's settlement contract, which pulls the USDC it is
	// approved for (deposit); zero means exampleDesk. The service's catalog
	// must list it (service.Config.Contracts), as run does.
	Desk common.Address
}

// exampleDesk is the example's desk contract; a real desk deploys its own.
var exampleDesk = common.HexToAddress("0x00000000000000000000000000000000000AC3E0")

// otcFactory builds the desk from the service's catalog.
func otcFactory(cfg OTCConfig) quote.Factory {
	return func(deps quote.Deps) (quote.Provider, error) {
		if cfg.SpreadBps < 0 || cfg.SpreadBps >= 10_000 {
			return nil, errors.New("acme-otc: SpreadBps must be in [0, 10000)")
		}
		if cfg.Desk == (common.Address{}) {
			cfg.Desk = exampleDesk
		}
		return &otc{cfg: cfg, catalog: deps.Catalog}, nil
	}
}

// otc buys USDC for USDT on every EVM chain of the catalog: the funder
// approves the desk's contract (the engine adds the approve for the edge's
// Spender) and calls its deposit, which pulls the USDC; the desk pays the
// USDT out of band. A provider never moves tokens by calling the token
// itself: the engine's payload guard lets a quote call a token only to
// approve the leg's own contract.
type otc struct {
	cfg     OTCConfig
	catalog *asset.Catalog
}

func (*otc) ID() orchestration.ProviderID { return OTCID }

func (p *otc) Edges(context.Context) ([]quote.Edge, error) {
	bySymbol := map[orchestration.Chain]map[string]asset.AssetInfo{}
	for _, a := range p.catalog.Assets() {
		if a.Runtime != orchestration.RuntimeEVM {
			continue
		}
		if bySymbol[a.Chain] == nil {
			bySymbol[a.Chain] = map[string]asset.AssetInfo{}
		}
		bySymbol[a.Chain][a.Symbol] = a
	}
	var edges []quote.Edge
	for _, s := range bySymbol {
		usdc, ok1 := s["USDC"]
		usdt, ok2 := s["USDT"]
		if ok1 && ok2 && usdc.Decimals == usdt.Decimals {
			edges = append(edges, quote.Edge{From: usdc, To: usdt, Spender: p.cfg.Desk.Hex()})
		}
	}
	return edges, nil
}

// depositSelector is the desk contract's deposit(address token, uint256
// amount).
var depositSelector = crypto.Keccak256([]byte("deposit(address,uint256)"))[:4]

var _ quote.LocalPricer = (*otc)(nil)

// PricesLocally reports true: the desk prices from its spread alone, so the
// engine calls QuoteLeg inline, without a goroutine and timer per leg
// (quote.LocalPricer).
func (*otc) PricesLocally(quote.LegRequest) bool { return true }

func (p *otc) QuoteLeg(_ context.Context, leg quote.LegRequest) (quote.Leg, error) {
	out := new(big.Int).Mul(leg.AmountIn, big.NewInt(10_000-p.cfg.SpreadBps))
	out.Quo(out, big.NewInt(10_000))
	if out.Sign() <= 0 {
		return quote.Leg{}, fmt.Errorf("%w: %s is below the desk's minimum", quote.ErrNoRoute, leg.AmountIn)
	}
	chain, _ := p.catalog.Chain(leg.From.Chain)
	data := append(append(append([]byte{}, depositSelector...), common.LeftPadBytes(common.HexToAddress(leg.From.Address).Bytes(), 32)...),
		common.LeftPadBytes(leg.AmountIn.Bytes(), 32)...)
	return quote.Leg{
		AmountOut: out,
		EstTime:   time.Minute, // for the desk to pay out
		Payloads: []orchestration.Payload{{
			Annotation: "deposit USDC with the acme OTC desk",
			Data: orchestration.TransactionPayload{EVM: &orchestration.EVMPayload{
				Chain: leg.From.Chain, ChainID: chain.ChainID, To: p.cfg.Desk.Hex(),
				Data: "0x" + common.Bytes2Hex(data), Value: "0"}},
		}},
	}, nil
}

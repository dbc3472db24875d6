package service_test

import (
	"context"
	"log/slog"
	"math/big"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/service"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmruntime"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

const (
	solM      = "mzerojk9tg56ebsrEAhfkyc9VgKjTW2zDqp6C5mhjzH"
	solWM     = "mzeroXDoBpRVhnEXBra27qzAMdxgpWVY3DzQW7xMVJp"
	solFunder = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM"
)

// solWrap is a stand-in Solana provider (the bundled m-swap-facility on
// Solana is tested over HTTP in cmd/orchestrationd/internal/app): M to wM one to one, reading
// ext_swap's global account and building an ext_swap wrap, true to its IDL
// (the payload guard checks), at the state's blockhash.
type solWrap struct {
	edge        quote.Edge
	ext, global solana.PublicKey
}

func (p solWrap) ID() orchestration.ProviderID                { return "sol-wrap" }
func (p solWrap) Edges(context.Context) ([]quote.Edge, error) { return []quote.Edge{p.edge}, nil }
func (p solWrap) Reads(quote.LegRequest) []quote.Read {
	return []quote.Read{svmruntime.AccountRead{Key: p.global}}
}

func (p solWrap) QuoteLeg(_ context.Context, leg quote.LegRequest) (quote.Leg, error) {
	hash, _ := svmruntime.StateOf(leg.State).Blockhash()
	funder := leg.Funder.SVM()
	xs, err := svm.NewExtSwap(svm.ExtSwapConfig{Program: p.ext})
	if err != nil {
		return quote.Leg{}, err
	}
	wrap, err := xs.Wrap(svm.WrapParams{Owner: funder, Amount: leg.AmountIn.Uint64(),
		To: svm.Extension{Program: solana.PublicKey{7}, Mint: solana.MustPublicKeyFromBase58(leg.To.Address), TokenProgram: svm.Token2022Program}})
	if err != nil {
		return quote.Leg{}, err
	}
	tx, err := svm.Build([]solana.Instruction{wrap}, svm.TxConfig{FeePayer: funder, RecentBlockhash: hash})
	if err != nil {
		return quote.Leg{}, err
	}
	pl, err := svm.Payload(leg.From.Chain, tx)
	if err != nil {
		return quote.Leg{}, err
	}
	return quote.Leg{AmountOut: new(big.Int).Set(leg.AmountIn), Payloads: []orchestration.Payload{{
		Annotation: "Wrap M into wM", Data: orchestration.TransactionPayload{SVM: &pl}}}}, nil
}

// A Solana RPC in the config makes the Solana runtime: a cold Solana quote
// is one request to it, its URL's key never shows, and when it fails only
// Solana quotes fail.
func TestSolanaRPC(t *testing.T) {
	node := svmtest.NewRPC()
	defer node.Close()
	cat := asset.Default()
	chain, _ := cat.Chain(orchestration.Solana)
	from, err1 := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Solana, Address: solM})
	to, err2 := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Solana, Address: solWM})
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	ext := solana.MustPublicKeyFromBase58(chain.Contracts.ExtSwap)
	p := solWrap{edge: quote.Edge{From: from, To: to}, ext: ext, global: svm.Global(ext)}
	node.Set(p.global, svmtest.Account{Data: make([]byte, 64), Owner: ext})

	svc, err := service.New(t.Context(), service.Config{
		RPC:       map[orchestration.Chain]string{orchestration.Solana: node.URL() + "/?api-key=s3cret"},
		Providers: []quote.Factory{acmeOTC(t), func(quote.Deps) (quote.Provider, error) { return p, nil }},
		Bundled:   service.BundledConfig{Disable: service.BundledProviders},
		Keys:      service.KeysConfig{Ensure: []apikey.NewKey{{Name: "backend", Secret: secret}}},
		Logger:    slog.New(slog.DiscardHandler),
	})
	if err != nil {
		t.Fatal(err)
	}
	defer svc.Close()
	srv := httptest.NewServer(svc.Handler())
	defer srv.Close()
	c, err := client.New(srv.URL+"/v1/orchestration", client.Config{APIKey: secret})
	if err != nil {
		t.Fatal(err)
	}
	solReq := orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: orchestration.AssetAddress{Chain: orchestration.Solana, Address: solM}, Destination: orchestration.AssetAddress{Chain: orchestration.Solana, Address: solWM}},
		AmountIn: "1000000", Sender: solFunder,
	}
	evmReq := orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: wM}, Destination: orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: mToken}},
		AmountIn: "1000000", Sender: sender,
	}

	before := node.Requests()
	quotes, err := c.Quote(t.Context(), solReq)
	if err != nil || len(quotes) != 1 {
		t.Fatalf("Solana quote: %+v, %v", quotes, err)
	}
	if n := node.Requests() - before; n != 1 {
		t.Errorf("a cold Solana quote made %d requests to the node, want 1", n)
	}
	if pl := quotes[0].Payloads; len(pl) != 2 || pl[0].Data.SVM == nil || pl[1].Annotation != "Wrap M into wM" {
		t.Errorf("payloads %+v: want the recipient's wM account creation, then the wrap", pl)
	}

	node.Fail(-32603, "Internal error")
	if _, err := c.Quote(t.Context(), solReq); err == nil || strings.Contains(err.Error(), "s3cret") || !strings.Contains(err.Error(), "QuoteError") {
		t.Errorf("Solana quote with the node failing: err = %v, want an error without the key", err)
	}
	if quotes, err := c.Quote(t.Context(), evmReq); err != nil || len(quotes) != 1 {
		t.Errorf("EVM quote with the Solana node failing: %+v, %v", quotes, err)
	}
}

package svmruntime_test

import (
	"context"
	"math/big"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmruntime"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

// swapProvider is a stand-in for the ext_swap provider (issue 16 item 4):
// an exact M -> wM leg that declares a read of ext_swap's global account
// and builds its transaction at the blockhash of the state it is handed.
type swapProvider struct {
	edge   quote.Edge
	global solana.PublicKey
	ext    solana.PublicKey
	saw    bool // the global account was in the leg's state
	// payer pays the leg's transaction; zero means the funder.
	payer solana.PublicKey
	// to receives the wM; zero means the recipient's associated token
	// account.
	to solana.PublicKey
}

func (p *swapProvider) ID() orchestration.ProviderID { return orchestration.ProviderMSwapFacility }
func (p *swapProvider) Edges(context.Context) ([]quote.Edge, error) {
	return []quote.Edge{p.edge}, nil
}
func (p *swapProvider) Reads(quote.LegRequest) []quote.Read {
	return []quote.Read{svmruntime.AccountRead{Key: p.global}}
}

func (p *swapProvider) QuoteLeg(_ context.Context, leg quote.LegRequest) (quote.Leg, error) {
	st := svmruntime.StateOf(leg.State)
	a, ok := st.Account(p.global)
	p.saw = ok && a != nil
	hash, _ := st.Blockhash()
	funder := leg.Funder.SVM()
	payer := funder
	if !p.payer.IsZero() {
		payer = p.payer
	}
	mint := solana.MustPublicKeyFromBase58(leg.To.Address)
	to := p.to
	if to.IsZero() {
		to = svm.AssociatedTokenAddress(leg.Recipient.SVM(), mint, svm.Token2022Program)
	}
	wrap, err := wrapCall(p.ext, funder, mint, to)
	if err != nil {
		return quote.Leg{}, err
	}
	tx, err := svm.Build([]solana.Instruction{wrap},
		svm.TxConfig{FeePayer: payer, RecentBlockhash: hash})
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

// TestEngineColdSolanaQuoteIsOneTrip runs the Solana runtime in the quote
// engine: a cold quote reads the provider's account, the funder's balance,
// the recipient's token account and the blockhash in one round trip, and
// its payloads are the runtime's account creation then the leg's, both
// paid by the funder and passing the payload check.
func TestEngineColdSolanaQuoteIsOneTrip(t *testing.T) {
	w := newWorld(t, "")
	m, wm := w.asset(t, mMint), w.asset(t, wMMint)
	chain, _ := w.cat.Chain(orchestration.Solana)
	ext := solana.MustPublicKeyFromBase58(chain.Contracts.ExtSwap)
	p := &swapProvider{edge: quote.Edge{From: m, To: wm}, global: svm.Global(ext), ext: ext}
	w.node.Set(p.global, svmtest.Account{Data: make([]byte, 64), Owner: ext})
	w.node.Set(ata(funder, mMint), svmtest.Account{Data: svmtest.TokenAccount(mKey, funder, 250_000), Owner: svm.Token2022Program})
	w.node.SetSlot(777)

	e, err := quote.New(quote.Config{
		Catalog:   w.cat,
		Providers: []quote.Provider{p},
		Runtimes:  []quote.Runtime{w.rt},
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, trips := evm.WithTrips(context.Background())
	quotes, err := e.Quote(ctx, orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: orchestration.AssetAddress{Chain: orchestration.Solana, Address: mMint}, Destination: orchestration.AssetAddress{Chain: orchestration.Solana, Address: wMMint}},
		AmountIn: "1000000", Sender: funder.String(),
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := trips.Chains(); len(got) != 1 || got[orchestration.Solana] != 1 || w.node.Requests() != 1 {
		t.Fatalf("trips %v, node requests %d; want one round trip to Solana", got, w.node.Requests())
	}
	if !p.saw {
		t.Error("the provider's declared account was not in its leg's state")
	}
	if len(quotes) != 1 {
		t.Fatalf("%d quotes, want 1", len(quotes))
	}
	q := quotes[0]
	if len(q.Payloads) != 2 || q.Payloads[0].Data.SVM == nil || q.Payloads[1].Annotation != "Wrap M into wM" {
		t.Fatalf("payloads %+v: want the account creation, then the wrap", q.Payloads)
	}
	for i, pl := range q.Payloads {
		if err := w.rt.CheckFeePayer(chain, pl.Data, funder.String()); err != nil {
			t.Errorf("payload %d: %v", i, err)
		}
		tx, err := svm.Decode(pl.Data.SVM.Transaction)
		if err != nil || tx.Message.RecentBlockhash != w.node.Blockhash() {
			t.Errorf("payload %d: %v, blockhash %v; want the node's", i, err, tx)
		}
	}
	if q.Issues == nil || q.Issues.Balance == nil || q.Issues.Balance.Actual != "250000" {
		t.Errorf("issues %+v, want the funder's balance of 250000 short of 1000000", q.Issues)
	}
}

// TestEngineRefusesAnotherFeePayer: a leg whose transaction makes someone
// other than the funder pay is refused by the engine, through the
// runtime's CheckFeePayer.
func TestEngineRefusesAnotherFeePayer(t *testing.T) {
	w := newWorld(t, "")
	m, wm := w.asset(t, mMint), w.asset(t, wMMint)
	chain, _ := w.cat.Chain(orchestration.Solana)
	ext := solana.MustPublicKeyFromBase58(chain.Contracts.ExtSwap)
	other := solana.NewWallet().PublicKey()
	p := &swapProvider{edge: quote.Edge{From: m, To: wm}, global: svm.Global(ext), ext: ext, payer: other}
	w.node.Set(p.global, svmtest.Account{Data: make([]byte, 64), Owner: ext})
	e, err := quote.New(quote.Config{Catalog: w.cat, Providers: []quote.Provider{p},
		Runtimes: []quote.Runtime{w.rt}})
	if err != nil {
		t.Fatal(err)
	}
	quotes, err := e.Quote(context.Background(), orchestration.QuoteRequest{
		Route:    orchestration.Route{Source: orchestration.AssetAddress{Chain: orchestration.Solana, Address: mMint}, Destination: orchestration.AssetAddress{Chain: orchestration.Solana, Address: wMMint}},
		AmountIn: "1000000", Sender: funder.String(),
	})
	if err == nil || len(quotes) != 0 {
		t.Fatalf("a leg paid by %s was quoted: %+v", other, quotes)
	}
}

// TestEngineRefusesAnotherRecipient: a leg whose wrap delivers to a token
// account other than the recipient's (here the funder's, the request naming
// another recipient) is refused by the engine, through the runtime's
// CheckLeg; delivered to the recipient's, it is quoted.
func TestEngineRefusesAnotherRecipient(t *testing.T) {
	for _, tc := range []struct {
		name   string
		to     solana.PublicKey
		quoted bool
	}{
		{"the recipient's account", solana.PublicKey{}, true},
		{"the funder's account", ata(funder, wMMint), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t, "")
			m, wm := w.asset(t, mMint), w.asset(t, wMMint)
			chain, _ := w.cat.Chain(orchestration.Solana)
			ext := solana.MustPublicKeyFromBase58(chain.Contracts.ExtSwap)
			p := &swapProvider{edge: quote.Edge{From: m, To: wm}, global: svm.Global(ext), ext: ext, to: tc.to}
			w.node.Set(p.global, svmtest.Account{Data: make([]byte, 64), Owner: ext})
			e, err := quote.New(quote.Config{Catalog: w.cat, Providers: []quote.Provider{p},
				Runtimes: []quote.Runtime{w.rt}})
			if err != nil {
				t.Fatal(err)
			}
			quotes, err := e.Quote(context.Background(), orchestration.QuoteRequest{
				Route:    orchestration.Route{Source: orchestration.AssetAddress{Chain: orchestration.Solana, Address: mMint}, Destination: orchestration.AssetAddress{Chain: orchestration.Solana, Address: wMMint}},
				AmountIn: "1000000", Sender: funder.String(), Recipient: recipient.String(),
			})
			if got := err == nil && len(quotes) == 1; got != tc.quoted {
				t.Fatalf("quoted %v (%v, %+v), want %v", got, err, quotes, tc.quoted)
			}
		})
	}
}

package swapfacility_test

import (
	"context"
	"encoding/base64"
	"slices"
	"strconv"
	"testing"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/quotetest"
	"github.com/m0-orchestration/m0/quote/swapfacility"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmruntime"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

// Solana mints and programs of the facts file (reference/m0-solana-facts.md
// §1), as the default catalog has them.
var (
	solM     = svm.MMint
	solWM    = svm.Extension{Program: solana.MustPublicKeyFromBase58("wMXX1K1nca5W4pZr1piETe78gcAVVrEFi9f4g46uXko"), Mint: solana.MustPublicKeyFromBase58("mzeroXDoBpRVhnEXBra27qzAMdxgpWVY3DzQW7xMVJp"), TokenProgram: svm.Token2022Program}
	solUSDK  = svm.Extension{Program: solana.MustPublicKeyFromBase58("extaykYu5AQcDm3qZAbiDN3yp6skqn6Nssj7veUUGZw"), Mint: solana.MustPublicKeyFromBase58("usdkbee86pkLyRmxfFCdkyySpxRb5ndCxVsK2BkRXwX"), TokenProgram: svm.Token2022Program}
	solUSDKY = solana.MustPublicKeyFromBase58("usdkyPPxgV7sfNyKb8eDz66ogPrkRXG3wS2FVb6LLUf")
	extSwap  = solana.MustPublicKeyFromBase58("MSwapi3WhNKMUGm9YrxGhypgUEt7wYQH3ZgG32XoWzH")
	// alice funds, bob receives, carol may unwrap to M.
	alice = solana.MustPublicKeyFromBase58("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM")
	bob   = solana.MustPublicKeyFromBase58("D76ySoHPwD8U2nnTTDqXeUJQg5UkD9UD1PUE1rnvPAGm")
	carol = solana.MustPublicKeyFromBase58("GQBavw2gpCdbZkkSWk9PkzNTDdBwCHUGNpeuuQ7mV9GA")
)

// solWorld is a Solana cluster as a fake node serving ext_swap's state in
// its real layouts: SwapGlobal whitelisting wM, USDK and one extension the
// catalog does not know (USDKY is in the catalog but not whitelisted), M
// at index 1.05 (ScaledUiAmount), wM without scaling, USDK at 1.02.
type solWorld struct {
	node *svmtest.RPC
	cat  *asset.Catalog
	rt   *svmruntime.Runtime
}

func newSolWorld(t *testing.T) *solWorld {
	t.Helper()
	w := &solWorld{node: svmtest.NewRPC(), cat: asset.Default()}
	t.Cleanup(w.node.Close)
	client, err := svm.NewClient(svm.ClientConfig{Clusters: []svm.ClusterConfig{{Name: orchestration.Solana, URL: w.node.URL()}}})
	if err != nil {
		t.Fatal(err)
	}
	if w.rt, err = svmruntime.New(svmruntime.Config{Catalog: w.cat, Reader: client}); err != nil {
		t.Fatal(err)
	}
	w.setWhitelist(solWM, solUSDK, svm.Extension{Program: solana.NewWallet().PublicKey(), Mint: solana.NewWallet().PublicKey(), TokenProgram: svm.Token2022Program})
	w.node.Set(solM, svmtest.Account{Data: svmtest.ScaledMint(1e12, 6, 1.04, 1, 1.05), Owner: svm.Token2022Program})
	w.node.Set(solWM.Mint, svmtest.Account{Data: svmtest.Mint(1e12, 6), Owner: svm.Token2022Program})
	w.node.Set(solUSDK.Mint, svmtest.Account{Data: svmtest.ScaledMint(1e12, 6, 1.02, 1, 1.02), Owner: svm.Token2022Program})
	w.node.Set(solUSDKY, svmtest.Account{Data: svmtest.Mint(1e12, 6), Owner: svm.Token2022Program})
	for _, holder := range []solana.PublicKey{alice, carol} {
		w.node.Set(svm.AssociatedTokenAddress(holder, solM, svm.Token2022Program), svmtest.Account{Data: svmtest.TokenAccount(solM, holder, 10_000_000), Owner: svm.Token2022Program})
		w.node.Set(svm.AssociatedTokenAddress(holder, solWM.Mint, svm.Token2022Program), svmtest.Account{Data: svmtest.TokenAccount(solWM.Mint, holder, 10_000_000), Owner: svm.Token2022Program})
	}
	return w
}

func (w *solWorld) setWhitelist(exts ...svm.Extension) {
	var wl []svmtest.WhitelistedExtension
	for _, e := range exts {
		wl = append(wl, svmtest.WhitelistedExtension{Program: e.Program, Mint: e.Mint, TokenProgram: e.TokenProgram})
	}
	w.node.Set(svm.Global(extSwap), svmtest.Account{Data: svmtest.SwapGlobal(alice, []solana.PublicKey{carol}, wl), Owner: extSwap})
}

func (w *solWorld) runtimes() []quote.Runtime {
	return []quote.Runtime{w.rt}
}

func (w *solWorld) provider(t *testing.T) *swapfacility.Provider {
	t.Helper()
	p, err := swapfacility.New(quote.Deps{Catalog: w.cat, Runtimes: w.runtimes(), Logger: discard}, swapfacility.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func solRequest(from, to solana.PublicKey, amount string, sender, recipient solana.PublicKey) orchestration.QuoteRequest {
	return orchestration.QuoteRequest{
		Route: orchestration.Route{
			Source:      orchestration.AssetAddress{Chain: orchestration.Solana, Address: from.String()},
			Destination: orchestration.AssetAddress{Chain: orchestration.Solana, Address: to.String()},
		},
		AmountIn: amount, Sender: sender.String(), Recipient: recipient.String(),
	}
}

// solExpected is the output of each quotable request, worked by hand from
// m_ext's conversions (decision 29; svm.TestExtSwapAmounts checks them):
// M at 1.05, wM at 1, USDK at 1.02, for the direct (one-leg) route; a
// longer route rounds down at every hop.
var solExpected = map[string]string{
	// U = ⌊1e6·1.05⌋ = 1050000 → wM 1050000.
	"M->wM 1000000": "1050000",
	// U = 1050000; M principal ⌊1050000/1.05⌋ = 1e6; its amount 1050000;
	// USDK ⌊1050000/1.02⌋ = 1029411.
	"wM->USDK 1050000": "1029411",
	// U = 2100000; M 2e6; USDK ⌊2100000/1.02⌋ = 2058823.
	"M->USDK 2000000": "2058823",
}

// TestSolanaConformance runs the conformance suite on the Solana legs,
// against the fake node, with every payload checked against ext_swap's
// IDL. It cannot show that ext_swap and m_ext accept these accounts and
// move these amounts: no M0 program runs here (their binaries are not in
// the repository), so the programs' own checks (PDA data, the extensions'
// wrap authorities, the deployed amount semantics) stay unverified.
func TestSolanaConformance(t *testing.T) {
	idl, err := svm.ExtSwapIDL()
	if err != nil {
		t.Fatal(err)
	}
	quotetest.Run(t, func(t *testing.T) quotetest.Harness {
		w := newSolWorld(t)
		return quotetest.Harness{
			Provider: w.provider(t),
			Catalog:  w.cat,
			Runtimes: w.runtimes(),
			Programs: map[solana.PublicKey]*svm.Program{extSwap: idl},
			Quotable: []orchestration.QuoteRequest{
				solRequest(solM, solWM.Mint, "1000000", alice, bob),
				solRequest(solWM.Mint, solUSDK.Mint, "1050000", alice, bob),
				solRequest(solM, solUSDK.Mint, "2000000", alice, bob),
			},
			Unquotable: []orchestration.QuoteRequest{
				// alice is no whitelisted unwrapper.
				solRequest(solWM.Mint, solM, "1000000", alice, bob),
				solRequest(solUSDK.Mint, solM, "1000000", alice, bob),
				// USDKY is in the catalog, not in ext_swap's whitelist.
				solRequest(solM, solUSDKY, "1000000", alice, bob),
				// Rounds to nothing: 1 wM unwraps to ⌊1/1.05⌋ = 0 M.
				solRequest(solWM.Mint, solUSDK.Mint, "1", alice, bob),
			},
			CheckSVM: func(t *testing.T, req orchestration.QuoteRequest, q orchestration.Quote, ixs []*solana.GenericInstruction) {
				checkExtSwapAccounts(t, w, req, q, ixs)
			},
		}
	})
}

// checkExtSwapAccounts checks what the IDL cannot: the ext_swap
// instruction is signed by the funder, sends to the recipient's token
// account (or the funder's, for a first leg of two), and the quote's output
// is the one worked by hand.
func checkExtSwapAccounts(t *testing.T, w *solWorld, req orchestration.QuoteRequest, q orchestration.Quote, ixs []*solana.GenericInstruction) {
	t.Helper()
	src, _ := w.cat.Resolve(req.Route.Source)
	dst, _ := w.cat.Resolve(req.Route.Destination)
	key := src.Symbol + "->" + dst.Symbol + " " + req.AmountIn
	legs := 0
	for _, p := range q.Payloads {
		if tx, err := svm.Decode(p.Data.SVM.Transaction); err == nil && slices.ContainsFunc(tx.Message.Instructions, func(ci solana.CompiledInstruction) bool {
			return tx.Message.AccountKeys[ci.ProgramIDIndex].Equals(extSwap)
		}) {
			legs++
		}
	}
	want, ok := solExpected[key]
	out, _ := strconv.ParseUint(q.AmountOut, 10, 64)
	wantOut, _ := strconv.ParseUint(want, 10, 64)
	if !ok {
		t.Errorf("%s: no output worked by hand in solExpected", key)
	}
	if q.MinAmountOut != q.AmountOut {
		t.Errorf("%s: minAmountOut %s differs from amountOut %s: ext_swap legs are exact", key, q.MinAmountOut, q.AmountOut)
	}
	switch {
	case !ok:
	case legs == 1 && q.AmountOut != want:
		t.Errorf("%s: amountOut %s; want %s", key, q.AmountOut, want)
	case out > wantOut:
		// Each hop rounds down, so a longer route delivers no more.
		t.Errorf("%s over %d legs: amountOut %s exceeds the direct %s", key, legs, q.AmountOut, want)
	}
	idl, _ := svm.ExtSwapIDL()
	for _, ix := range ixs {
		if !ix.ProgramID().Equals(extSwap) {
			continue
		}
		call, err := idl.WithID(extSwap).ReadCall(ix, alice)
		if err != nil {
			t.Errorf("%s: %v", key, err)
			continue
		}
		if signer, _ := call.Account("signer"); !signer.Equals(alice) {
			t.Errorf("%s: ext_swap signer %s, want the funder %s", key, signer, alice)
		}
		// wrap and swap deliver to to_token_account (of to_mint), unwrap
		// to m_token_account (of m_mint).
		name := call.Name
		dest, ok := call.Account("to_token_account")
		mint, _ := call.Account("to_mint")
		if !ok {
			dest, _ = call.Account("m_token_account")
			mint, _ = call.Account("m_mint")
		}
		toRecipient := svm.AssociatedTokenAddress(bob, mint, svm.Token2022Program)
		toFunder := svm.AssociatedTokenAddress(alice, mint, svm.Token2022Program)
		if !dest.Equals(toRecipient) && !(mint.String() != dst.Address && dest.Equals(toFunder)) {
			t.Errorf("%s: %s sends to %s, want the recipient's token account %s (or the funder's mid-route)", key, name, dest, toRecipient)
		}
	}
}

// The edges are ext_swap's whitelist as read on chain (one round trip),
// limited to the catalog's assets.
func TestSolanaEdges(t *testing.T) {
	w := newSolWorld(t)
	edges, err := w.provider(t).Edges(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range edges {
		if e.Spender != "" {
			t.Errorf("edge %s->%s has spender %s: Solana has no allowance", e.From.Symbol, e.To.Symbol, e.Spender)
		}
		got = append(got, e.From.Symbol+"->"+e.To.Symbol)
	}
	slices.Sort(got)
	want := []string{"M->USDK", "M->wM", "USDK->M", "USDK->wM", "wM->M", "wM->USDK"}
	if !slices.Equal(got, want) {
		t.Errorf("edges %q, want %q", got, want)
	}
	if n := w.node.Requests(); n != 1 {
		t.Errorf("listing the edges made %d requests, want 1", n)
	}

	w.setWhitelist(solUSDK)
	edges, err = w.provider(t).Edges(context.Background())
	if err != nil || len(edges) != 2 || edges[0].To.Symbol == "wM" || edges[1].To.Symbol == "wM" {
		t.Errorf("with only USDK whitelisted: %d edges, %v; want M<->USDK only", len(edges), err)
	}
}

// A whitelisted unwrapper is quoted unwrap to M, into the recipient's M
// account, at the amount worked by hand: U = 1050000 wM; M out
// ⌊1050000/1.05⌋ = 1000000.
func TestSolanaUnwrapForWhitelistedUnwrapper(t *testing.T) {
	w := newSolWorld(t)
	e, err := quote.New(quote.Config{Catalog: w.cat, Runtimes: w.runtimes(), Providers: []quote.Provider{w.provider(t)}})
	if err != nil {
		t.Fatal(err)
	}
	quotes, err := e.Quote(context.Background(), solRequest(solWM.Mint, solM, "1050000", carol, bob))
	if err != nil || len(quotes) != 1 {
		t.Fatalf("quotes %+v, %v", quotes, err)
	}
	q := quotes[0]
	if q.AmountOut != "1000000" {
		t.Errorf("amountOut %s, want 1000000", q.AmountOut)
	}
	last := q.Payloads[len(q.Payloads)-1]
	tx, err := svm.Decode(last.Data.SVM.Transaction)
	if err != nil {
		t.Fatal(err)
	}
	ixs, err := svm.Instructions(tx, nil)
	if err != nil || len(ixs) != 1 {
		t.Fatalf("%d instructions, %v", len(ixs), err)
	}
	idl, _ := svm.ExtSwapIDL()
	call, err := idl.WithID(extSwap).ReadCall(ixs[0], carol)
	if err != nil || call.Name != "unwrap" || !slices.Equal(call.Args, []any{uint64(1_050_000)}) {
		t.Errorf("%s %v, %v; want unwrap of 1050000", call.Name, call.Args, err)
	}
	if got, want := mustAccount(t, call, "m_token_account"), svm.AssociatedTokenAddress(bob, solM, svm.Token2022Program); !got.Equals(want) {
		t.Errorf("m_token_account %s, want bob's M account %s", got, want)
	}
	if err := w.rt.CheckFeePayer(mustChain(t, w), last.Data, carol.String()); err != nil {
		t.Errorf("the payload guard refuses the unwrap: %v", err)
	}
	// The guard refuses the same transaction for another funder, and one
	// calling the extension's m_ext program directly (no catalog program).
	if err := w.rt.CheckFeePayer(mustChain(t, w), last.Data, alice.String()); err == nil {
		t.Error("the payload guard accepts carol's unwrap as alice's")
	}
	tx.Message.AccountKeys[tx.Message.Instructions[0].ProgramIDIndex] = solWM.Program
	raw, _ := tx.MarshalBinary()
	direct := orchestration.TransactionPayload{SVM: &orchestration.SVMPayload{Chain: orchestration.Solana, Transaction: base64.StdEncoding.EncodeToString(raw)}}
	if err := w.rt.CheckFeePayer(mustChain(t, w), direct, carol.String()); err == nil {
		t.Error("the payload guard accepts a call of wM's m_ext program")
	}
}

// An extension taken off the whitelist after the edges were listed is no
// route at quote time: the program would refuse it (6000).
func TestSolanaDelistedAtQuoteTime(t *testing.T) {
	w := newSolWorld(t)
	e, err := quote.New(quote.Config{Catalog: w.cat, Runtimes: w.runtimes(), Providers: []quote.Provider{w.provider(t)}})
	if err != nil {
		t.Fatal(err)
	}
	req := solRequest(solM, solWM.Mint, "1000000", alice, bob)
	if _, err := e.Quote(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	w.setWhitelist(solUSDK)
	_, err = e.Quote(context.Background(), req)
	if code, _ := orchestration.CodeOf(err); code != orchestration.NoQuotesAvailable {
		t.Errorf("quote after wM was delisted: %v, want %s", err, orchestration.NoQuotesAvailable)
	}
}

// Every Solana payload of a quote says what its own transaction does
// (svm.DescribeFor, the recipient named where the output is really its),
// not what the request asked: the amount is the instruction's UI amount,
// and the recipient is named from the account the output goes to.
func TestSolanaAnnotationsReadFromTheTransaction(t *testing.T) {
	for _, tc := range []struct {
		name string
		req  orchestration.QuoteRequest
		want []string // the best quote's annotations
	}{
		{name: "wrap", req: solRequest(solM, solWM.Mint, "1000000", alice, bob), want: []string{
			"create the wM token account of D76y…PAGm on Solana",
			"swap 1.05 M (UI amount) for wM to D76y…PAGm via the M0 ext_swap program on Solana"}},
		{name: "swap", req: solRequest(solWM.Mint, solUSDK.Mint, "1050000", alice, bob), want: []string{
			"create the USDK token account of D76y…PAGm on Solana",
			"swap 1.05 wM (UI amount) for USDK to D76y…PAGm via the M0 ext_swap program on Solana"}},
		{name: "unwrap", req: solRequest(solWM.Mint, solM, "1050000", carol, bob), want: []string{
			"create the M token account of D76y…PAGm on Solana",
			"swap 1.05 wM (UI amount) for M to D76y…PAGm via the M0 ext_swap program on Solana"}},
		{name: "to the funder", req: solRequest(solM, solWM.Mint, "2000000", alice, alice), want: []string{
			"swap 2.1 M (UI amount) for wM to 9WzD…AWWM via the M0 ext_swap program on Solana"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newSolWorld(t)
			e, err := quote.New(quote.Config{Catalog: w.cat, Runtimes: w.runtimes(), Providers: []quote.Provider{w.provider(t)}})
			if err != nil {
				t.Fatal(err)
			}
			quotes, err := e.Quote(context.Background(), tc.req)
			if err != nil {
				t.Fatal(err)
			}
			recipient := solana.MustPublicKeyFromBase58(tc.req.Recipient)
			for _, q := range quotes {
				for i, p := range q.Payloads {
					if said, err := svm.DescribeFor(w.cat, p, recipient); err != nil || p.Annotation != said {
						t.Errorf("payload %d: annotation %q; its transaction says %q, %v", i, p.Annotation, said, err)
					}
				}
			}
			var got []string
			for _, p := range quotes[0].Payloads {
				got = append(got, p.Annotation)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("annotations %q\nwant %q", got, tc.want)
			}
		})
	}
}

func mustChain(t *testing.T, w *solWorld) asset.ChainInfo {
	t.Helper()
	ch, ok := w.cat.Chain(orchestration.Solana)
	if !ok {
		t.Fatal("no Solana in the catalog")
	}
	return ch
}

// The compute budget settings put SetComputeUnitLimit and
// SetComputeUnitPrice before the ext_swap instruction, and the payload
// guard accepts them; without them there are none.
func TestSolanaComputeBudget(t *testing.T) {
	for _, tc := range []struct {
		name string
		cfg  swapfacility.Config
		want [][]byte // the compute budget instructions' data
	}{
		{name: "none by default"},
		{name: "limit and price", cfg: swapfacility.Config{SolanaComputeUnitLimit: 300_000, SolanaComputeUnitPrice: 5_000},
			want: [][]byte{{2, 0xe0, 0x93, 0x04, 0}, {3, 0x88, 0x13, 0, 0, 0, 0, 0, 0}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newSolWorld(t)
			p, err := swapfacility.New(quote.Deps{Catalog: w.cat, Runtimes: w.runtimes(), Logger: discard}, tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			e, err := quote.New(quote.Config{Catalog: w.cat, Runtimes: w.runtimes(), Providers: []quote.Provider{p}})
			if err != nil {
				t.Fatal(err)
			}
			quotes, err := e.Quote(context.Background(), solRequest(solWM.Mint, solUSDK.Mint, "1050000", alice, alice))
			if err != nil {
				t.Fatal(err)
			}
			last := quotes[0].Payloads[len(quotes[0].Payloads)-1]
			tx, err := svm.Decode(last.Data.SVM.Transaction)
			if err != nil {
				t.Fatal(err)
			}
			ixs, err := svm.Instructions(tx, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(ixs) != len(tc.want)+1 || !ixs[len(ixs)-1].ProgramID().Equals(extSwap) {
				t.Fatalf("%d instructions, want %d compute budget ones then ext_swap", len(ixs), len(tc.want))
			}
			for i, want := range tc.want {
				data, _ := ixs[i].Data()
				if !ixs[i].ProgramID().Equals(svm.ComputeBudgetProgram) || !slices.Equal(data, want) {
					t.Errorf("instruction %d: %s %v, want the compute budget program with %v", i, ixs[i].ProgramID(), data, want)
				}
			}
			if err := w.rt.CheckFeePayer(mustChain(t, w), last.Data, alice.String()); err != nil {
				t.Errorf("the payload guard refuses it: %v", err)
			}
		})
	}
}

func mustAccount(t *testing.T, c svm.Call, name string) solana.PublicKey {
	t.Helper()
	k, ok := c.Account(name)
	if !ok {
		t.Fatalf("%s has no account %s", c.Name, name)
	}
	return k
}

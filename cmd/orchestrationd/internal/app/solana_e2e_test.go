package app_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/openapi/openapitest"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/quote"
	"github.com/m0-orchestration/m0/quote/memprovider"
	"github.com/m0-orchestration/m0/svm"
	"github.com/m0-orchestration/m0/svm/svmtest"
)

// Solana keys of the facts file (reference/m0-solana-facts.md §1), as the
// built-in catalog has them.
var (
	solExtSwap = solana.MustPublicKeyFromBase58("MSwapi3WhNKMUGm9YrxGhypgUEt7wYQH3ZgG32XoWzH")
	solWM      = svm.Extension{Program: solana.MustPublicKeyFromBase58("wMXX1K1nca5W4pZr1piETe78gcAVVrEFi9f4g46uXko"),
		Mint: solana.MustPublicKeyFromBase58("mzeroXDoBpRVhnEXBra27qzAMdxgpWVY3DzQW7xMVJp"), TokenProgram: svm.Token2022Program}
	solUSDK = svm.Extension{Program: solana.MustPublicKeyFromBase58("extaykYu5AQcDm3qZAbiDN3yp6skqn6Nssj7veUUGZw"),
		Mint: solana.MustPublicKeyFromBase58("usdkbee86pkLyRmxfFCdkyySpxRb5ndCxVsK2BkRXwX"), TokenProgram: svm.Token2022Program}
	solFunder    = solana.MustPublicKeyFromBase58("9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM")
	solRecipient = solana.MustPublicKeyFromBase58("D76ySoHPwD8U2nnTTDqXeUJQg5UkD9UD1PUE1rnvPAGm")
)

// solRent is lamports enough for any account of solanaNode to be
// rent-exempt (a 0-lamport account does not exist on a cluster, nor in
// LiteSVM, which runs this state in TestSolanaPayloadsExecuteInLiteSVM).
const solRent = 10_000_000

// solanaNode is a fake Solana RPC serving ext_swap's state in the real
// layouts: SwapGlobal whitelisting wM and USDK; M at index 1.05
// (Token-2022 ScaledUiAmount), wM unscaled, USDK at 1.02; the funder has
// 10 SOL and holds M and wM; the recipient has a USDK account and no wM
// account.
func solanaNode(t *testing.T) *svmtest.RPC {
	t.Helper()
	node := svmtest.NewRPC()
	t.Cleanup(node.Close)
	node.Set(solFunder, svmtest.Account{Owner: svm.SystemProgram, Lamports: 10 * solana.LAMPORTS_PER_SOL})
	node.Set(svm.Global(solExtSwap), svmtest.Account{Owner: solExtSwap, Lamports: solRent, Data: svmtest.SwapGlobal(solFunder, nil, []svmtest.WhitelistedExtension{
		{Program: solWM.Program, Mint: solWM.Mint, TokenProgram: solWM.TokenProgram},
		{Program: solUSDK.Program, Mint: solUSDK.Mint, TokenProgram: solUSDK.TokenProgram},
	})})
	node.Set(svm.MMint, svmtest.Account{Owner: svm.Token2022Program, Lamports: solRent, Data: svmtest.ScaledMint(1e12, 6, 1.04, 1, 1.05)})
	node.Set(solWM.Mint, svmtest.Account{Owner: svm.Token2022Program, Lamports: solRent, Data: svmtest.Mint(1e12, 6)})
	node.Set(solUSDK.Mint, svmtest.Account{Owner: svm.Token2022Program, Lamports: solRent, Data: svmtest.ScaledMint(1e12, 6, 1.02, 1, 1.02)})
	for _, m := range []solana.PublicKey{svm.MMint, solWM.Mint} {
		node.Set(svm.AssociatedTokenAddress(solFunder, m, svm.Token2022Program), svmtest.Account{Owner: svm.Token2022Program, Lamports: solRent, Data: svmtest.TokenAccount(m, solFunder, 5_000_000)})
	}
	node.Set(svm.AssociatedTokenAddress(solRecipient, solUSDK.Mint, svm.Token2022Program), svmtest.Account{Owner: svm.Token2022Program, Lamports: solRent, Data: svmtest.TokenAccount(solUSDK.Mint, solRecipient, 0)})
	return node
}

// startSolana runs the binary's assembly on the built-in catalog with the
// fake node as the rpc: entry for Solana (its URL carrying a key that must
// never show), the bundled providers (m-swap-facility serves Solana) and,
// for EVM, an in-memory provider.
func startSolana(t *testing.T, node *svmtest.RPC, providers app.ProvidersConfig) *env {
	t.Helper()
	cat := asset.Default()
	from, err1 := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: wM})
	to, err2 := cat.Resolve(orchestration.AssetAddress{Chain: orchestration.Ethereum, Address: mToken})
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	// It stands in for uniswap-v3 (an identifier the OpenAPI document
	// knows), which is disabled.
	otc := memprovider.New(orchestration.ProviderUniswapV3).Edge(quote.Edge{From: from, To: to},
		memprovider.Rate(memprovider.Pricing{Num: 999, Den: 1000, EstTime: 12 * time.Second, ChainID: 1, To: swapFacility}))
	providers.Disable = append(providers.Disable, orchestration.ProviderUniswapV3)
	a, err := app.New(context.Background(), app.Config{
		Database:  app.DatabaseConfig{DSN: "sqlite::memory:"},
		Devnet:    &app.DevnetConfig{Enabled: false},
		RPC:       map[orchestration.Chain]string{orchestration.Solana: node.URL() + "/?api-key=s3cret"},
		Providers: providers,
	}, app.Options{
		Getenv:    func(k string) string { return map[string]string{app.DevKeyEnv: devSecret}[k] },
		Logger:    slog.New(slog.DiscardHandler),
		Providers: []quote.Factory{func(quote.Deps) (quote.Provider, error) { return otc, nil }},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	srv := httptest.NewServer(openapitest.Handler(t, a.Handler()))
	t.Cleanup(srv.Close)
	return &env{t: t, url: srv.URL, app: a, good: devSecret}
}

func (e *env) solanaQuote(from, to solana.PublicKey, amount string) ([]orchestration.Quote, answer) {
	e.t.Helper()
	body, _ := json.Marshal(orchestration.QuoteRequest{
		Route: orchestration.Route{Source: orchestration.AssetAddress{Chain: orchestration.Solana, Address: from.String()},
			Destination: orchestration.AssetAddress{Chain: orchestration.Solana, Address: to.String()}},
		AmountIn: amount, Sender: solFunder.String(), Recipient: solRecipient.String(),
	})
	got := e.do(call{method: "POST", path: base + "/quote", key: e.good, body: string(body)})
	if got.status != 200 {
		return nil, got
	}
	var quotes []orchestration.Quote
	if err := json.Unmarshal(got.body, &quotes); err != nil {
		e.t.Fatalf("decode quotes: %v: %s", err, got.body)
	}
	return quotes, got
}

// decodeSVM decodes a payload's transaction and instructions, checking
// what every Solana payload must be: unsigned, the funder paying, at the
// node's blockhash.
func decodeSVM(t *testing.T, node *svmtest.RPC, p orchestration.Payload) []*solana.GenericInstruction {
	t.Helper()
	if p.Data.SVM == nil || p.Data.SVM.Chain != orchestration.Solana {
		t.Fatalf("payload %q is not a Solana transaction: %+v", p.Annotation, p.Data)
	}
	tx, err := svm.Decode(p.Data.SVM.Transaction)
	if err != nil {
		t.Fatal(err)
	}
	if !tx.Message.AccountKeys[0].Equals(solFunder) || tx.Message.Header.NumRequiredSignatures != 1 || !tx.Signatures[0].IsZero() {
		t.Errorf("payload %q: fee payer %s, %d signers; want the funder alone, unsigned", p.Annotation, tx.Message.AccountKeys[0], tx.Message.Header.NumRequiredSignatures)
	}
	if tx.Message.RecentBlockhash != node.Blockhash() {
		t.Errorf("payload %q: blockhash %s, want the node's latest %s", p.Annotation, tx.Message.RecentBlockhash, node.Blockhash())
	}
	ixs, err := svm.Instructions(tx, nil)
	if err != nil {
		t.Fatal(err)
	}
	return ixs
}

// extSwapCall checks ix is the named ext_swap instruction, true to the
// IDL, with args, signed by the funder, and its account dest (the IDL's
// name) the recipient's token account of mint.
func extSwapCall(t *testing.T, ix *solana.GenericInstruction, name string, args []any, dest string, mint solana.PublicKey) svm.Call {
	t.Helper()
	idl, err := svm.ExtSwapIDL()
	if err != nil {
		t.Fatal(err)
	}
	call, err := idl.WithID(solExtSwap).ReadCall(ix, solFunder)
	if err != nil || call.Name != name {
		t.Fatalf("instruction %s on %s, want ext_swap.%s: %v", call.Name, ix.ProgramID(), name, err)
	}
	if !slices.Equal(call.Args, args) {
		t.Errorf("%s args %v, want %v", name, call.Args, args)
	}
	if signer, _ := call.Account("signer"); !signer.Equals(solFunder) {
		t.Errorf("%s: signed by %s, want the funder %s", name, signer, solFunder)
	}
	want := svm.AssociatedTokenAddress(solRecipient, mint, svm.Token2022Program)
	if got, _ := call.Account(dest); !got.Equals(want) {
		t.Errorf("%s: %s = %s, want the recipient's token account %s", name, dest, got, want)
	}
	return call
}

// TestSolanaQuotesOverHTTP quotes M → wM and wM → USDK on Solana over
// HTTP, through the binary's assembly and the fake node, and decodes
// their payloads. It also counts what a Solana quote costs (one round trip
// to the node once the edges are listed) and shows that a Solana node that
// fails fails only Solana quotes, with Retry-After. What no test here can
// show without M0's programs: that ext_swap and m_ext accept these
// accounts and deliver these amounts (decision 29).
func TestSolanaQuotesOverHTTP(t *testing.T) {
	node := solanaNode(t)
	e := startSolana(t, node, app.ProvidersConfig{})

	// M → wM: 1 M at index 1.05 is the UI amount 1050000, which wraps into
	// 1050000 wM (unscaled). The recipient has no wM account: the quote
	// creates it first, idempotently, paid by the funder.
	quotes, got := e.solanaQuote(svm.MMint, solWM.Mint, "1000000")
	if got.status != 200 || len(quotes) == 0 {
		t.Fatalf("M -> wM: %d %s", got.status, got.body)
	}
	// The first quote also waits for the edges (listed once per provider,
	// then every EdgesRefresh, whether the quote or the topology's seed at
	// start-up asks first): m-swap-facility reads ext_swap's whitelist in
	// one round trip, and m-portal reads the Portal, its Wormhole adapter
	// and chain paths out of Solana in another, since an Executor serves
	// the mainnet (Wormhole's public API by default; no Portal state is on
	// this node, so it finds no edge). Then the quote's read: 3 in all.
	if n := node.Requests(); n != 3 {
		t.Errorf("the first Solana quote made %d requests to the node (%v), want 3: the two edge listings and the quote's read", n, node.Batches())
	}
	q := quotes[0]
	if q.AmountOut != "1050000" || q.MinAmountOut != "1050000" || len(q.Payloads) != 2 {
		t.Fatalf("M -> wM: out %s, min %s, %d payloads; want exactly 1050000 in 2 payloads", q.AmountOut, q.MinAmountOut, len(q.Payloads))
	}
	create := decodeSVM(t, node, q.Payloads[0])
	if len(create) != 1 || !create[0].ProgramID().Equals(svm.AssociatedTokenProgram) {
		t.Fatalf("first payload: %d instructions, want the associated token account creation", len(create))
	}
	if data, _ := create[0].Data(); len(data) != 1 || data[0] != 1 {
		t.Errorf("ATA instruction data %v, want [1] (CreateIdempotent)", data)
	}
	wantATA := []solana.PublicKey{solFunder, svm.AssociatedTokenAddress(solRecipient, solWM.Mint, svm.Token2022Program), solRecipient, solWM.Mint, svm.SystemProgram, svm.Token2022Program}
	for i, a := range create[0].Accounts() {
		if !a.PublicKey.Equals(wantATA[i]) {
			t.Errorf("ATA creation account %d = %s, want %s", i, a.PublicKey, wantATA[i])
		}
	}
	wrap := decodeSVM(t, node, q.Payloads[1])
	if len(wrap) != 1 {
		t.Fatalf("second payload: %d instructions, want the wrap", len(wrap))
	}
	extSwapCall(t, wrap[0], "wrap", []any{uint64(1_050_000)}, "to_token_account", solWM.Mint)
	if q.Payloads[1].Provider != orchestration.ProviderMSwapFacility {
		t.Errorf("the wrap is attributed to %q", q.Payloads[1].Provider)
	}

	// wM → USDK, never asked before: one round trip to the node (the
	// edges are listed). 1050000 wM unwrap to 1000000 M (principal at
	// 1.05), worth 1050000, which is ⌊1050000/1.02⌋ = 1029411 USDK.
	before := node.Requests()
	quotes, got = e.solanaQuote(solWM.Mint, solUSDK.Mint, "1050000")
	if got.status != 200 || len(quotes) == 0 {
		t.Fatalf("wM -> USDK: %d %s", got.status, got.body)
	}
	if n := node.Requests() - before; n != 1 {
		t.Errorf("a cold wM -> USDK quote made %d requests to the Solana node, want 1", n)
	} else {
		t.Logf("a cold Solana quote: %d round trip to the node (%d requests in all so far)", n, node.Requests())
	}
	if b := node.Batches(); len(b) == 0 || !slices.Equal(b[len(b)-1], []string{"getMultipleAccounts", "getLatestBlockhash"}) {
		t.Errorf("the quote's request was %v, want one batch of accounts and blockhash", b)
	}
	q = quotes[0]
	if q.AmountOut != "1029411" || len(q.Payloads) != 1 {
		t.Fatalf("wM -> USDK: out %s, %d payloads; want 1029411 in one payload (the USDK account exists)", q.AmountOut, len(q.Payloads))
	}
	swap := decodeSVM(t, node, q.Payloads[0])
	if len(swap) != 1 {
		t.Fatalf("%d instructions, want the swap", len(swap))
	}
	extSwapCall(t, swap[0], "swap", []any{uint64(1_050_000), uint64(0)}, "to_token_account", solUSDK.Mint)

	// The node fails: Solana quotes are a 500 QuoteError naming Solana
	// with Retry-After (and no key); EVM quotes are still served.
	node.Fail(-32603, "Internal error")
	_, got = e.solanaQuote(solWM.Mint, solUSDK.Mint, "1050000")
	msg := e.wantError("Solana quote, node failing", got, 500, orchestration.QuoteError)
	if !strings.Contains(msg, "Solana") || strings.Contains(string(got.body), "s3cret") || got.header.Get("Retry-After") == "" {
		t.Errorf("Solana quote, node failing: %q, Retry-After %q; want Solana named, a Retry-After, no key", msg, got.header.Get("Retry-After"))
	}
	evm := e.do(call{method: "POST", path: base + "/quote", key: e.good, body: validQuote()})
	if evm.status != 200 {
		t.Errorf("EVM quote with the Solana node failing: %d %s", evm.status, evm.body)
	}
}

// The providers' solanaComputeUnitLimit and solanaComputeUnitPrice put
// the compute budget instructions before the ext_swap one.
func TestSolanaComputeBudgetConfig(t *testing.T) {
	node := solanaNode(t)
	e := startSolana(t, node, app.ProvidersConfig{SolanaComputeUnitLimit: 250_000, SolanaComputeUnitPrice: 1_000})
	quotes, got := e.solanaQuote(solWM.Mint, solUSDK.Mint, "1050000")
	if got.status != 200 || len(quotes) == 0 {
		t.Fatalf("wM -> USDK: %d %s", got.status, got.body)
	}
	ixs := decodeSVM(t, node, quotes[0].Payloads[0])
	if len(ixs) != 3 || !ixs[0].ProgramID().Equals(svm.ComputeBudgetProgram) || !ixs[1].ProgramID().Equals(svm.ComputeBudgetProgram) {
		t.Fatalf("%d instructions, want SetComputeUnitLimit, SetComputeUnitPrice, then the swap", len(ixs))
	}
	if d0, _ := ixs[0].Data(); !slices.Equal(d0, []byte{2, 0x90, 0xd0, 0x03, 0}) {
		t.Errorf("SetComputeUnitLimit data %v, want 250000", d0)
	}
	if d1, _ := ixs[1].Data(); !slices.Equal(d1, []byte{3, 0xe8, 0x03, 0, 0, 0, 0, 0, 0}) {
		t.Errorf("SetComputeUnitPrice data %v, want 1000", d1)
	}
	extSwapCall(t, ixs[2], "swap", []any{uint64(1_050_000), uint64(0)}, "to_token_account", solUSDK.Mint)
}

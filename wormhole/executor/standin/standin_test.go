package standin

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/big"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/wormhole/executor"
)

var t0 = time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)

func start(t *testing.T, cfg Config) *Server {
	t.Helper()
	s, err := Start(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

func client(t *testing.T, s *Server, now func() time.Time) *executor.Client {
	t.Helper()
	c, err := executor.New(executor.Config{BaseURL: s.URL(), Now: now})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestClientGetsSignedQuote: the repository's client gets a quote it
// accepts, whose fields are the route's and the price table's, and whose
// signature recovers the configured quoter.
func TestClientGetsSignedQuote(t *testing.T) {
	key, _ := crypto.GenerateKey()
	var payee [32]byte
	payee[31] = 0x42
	s := start(t, Config{Key: key, Payee: payee, Lifetime: 10 * time.Minute, Now: func() time.Time { return t0 }})
	c := client(t, s, func() time.Time { return t0 })

	tests := []struct {
		name     string
		req      executor.Request
		wantCost string
	}{
		// 10^-5 ETH base fee + 200,000 gas × 1 gwei at equal prices.
		{"sepolia to base sepolia", executor.Request{SrcChain: ChainSepolia, DstChain: ChainBaseSepolia,
			Relay: executor.RelayInstructions{GasLimit: big.NewInt(200_000)}}, "210000000000000"},
		// 10^-5 ETH + (400,000 CU × 1 lamport + 2,000,000 lamports) = 0.0024 SOL
		// at 150/3000 = 0.00012 ETH.
		{"sepolia to solana", executor.Request{SrcChain: ChainSepolia, DstChain: ChainSolana,
			Relay: executor.RelayInstructions{GasLimit: big.NewInt(400_000), MsgValue: big.NewInt(2_000_000)}}, "130000000000000"},
		// 5000 lamports + 300,000 gas × 1 gwei = 0.0003 ETH at 3000/150 = 0.006 SOL.
		{"solana to arbitrum sepolia", executor.Request{SrcChain: ChainSolana, DstChain: ChainArbitrumSepolia,
			Relay: executor.RelayInstructions{GasLimit: big.NewInt(300_000)}}, "6005000"},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := c.Quote(context.Background(), tt.req)
			if err != nil {
				t.Fatal(err)
			}
			if got := q.EstimatedCost.String(); got != tt.wantCost {
				t.Errorf("estimatedCost = %s, want %s", got, tt.wantCost)
			}
			sq := q.Signed
			if sq.SrcChain != tt.req.SrcChain || sq.DstChain != tt.req.DstChain {
				t.Errorf("quote chains %d → %d", sq.SrcChain, sq.DstChain)
			}
			if sq.Quoter != crypto.PubkeyToAddress(key.PublicKey) {
				t.Errorf("quoter %x, want the key's address", sq.Quoter)
			}
			if sq.Payee != payee {
				t.Errorf("payee %x, want %x", sq.Payee, payee)
			}
			if !sq.Expiry.Equal(t0.Add(10 * time.Minute)) {
				t.Errorf("expiry %s, want %s", sq.Expiry, t0.Add(10*time.Minute))
			}
			src, dst := DefaultChains()[sq.SrcChain], DefaultChains()[sq.DstChain]
			if sq.BaseFee != src.BaseFee || sq.DstGasPrice != dst.GasPrice || sq.SrcPrice != src.Price || sq.DstPrice != dst.Price {
				t.Errorf("pricing fields %d %d %d %d", sq.BaseFee, sq.DstGasPrice, sq.SrcPrice, sq.DstPrice)
			}
			if v := sq.Signature[64]; v != 27 && v != 28 {
				t.Errorf("signature v = %d, want 27 or 28", v)
			}
			signer, err := Signer(sq)
			if err != nil {
				t.Fatal(err)
			}
			if signer != s.Quoter() {
				t.Errorf("signature recovers %s, want the quoter %s", signer, s.Quoter())
			}
			if s.Requests() != i+1 {
				t.Errorf("Requests() = %d, want %d", s.Requests(), i+1)
			}
		})
	}
}

// TestDefaultKeyIsDevnetQuoter: a zero Config signs with the fixed devnet
// key, so contracts deployed before the server know its quoter, and pays
// the quoter.
func TestDefaultKeyIsDevnetQuoter(t *testing.T) {
	s := start(t, Config{})
	q, err := client(t, s, nil).Quote(context.Background(), executor.Request{SrcChain: ChainSepolia, DstChain: ChainOptimismSepolia,
		Relay: executor.RelayInstructions{GasLimit: big.NewInt(1)}})
	if err != nil {
		t.Fatal(err)
	}
	signer, err := Signer(q.Signed)
	if err != nil {
		t.Fatal(err)
	}
	if signer != DevnetQuoter || s.Quoter() != DevnetQuoter {
		t.Errorf("signer %s, quoter %s, want %s", signer, s.Quoter(), DevnetQuoter)
	}
	if !bytes.Equal(q.Signed.Payee[12:], DevnetQuoter[:]) || q.Signed.Payee != s.Payee() {
		t.Errorf("payee %x, want the quoter left-padded", q.Signed.Payee)
	}
	if left := time.Until(q.Signed.Expiry); left < DefaultLifetime-time.Minute || left > DefaultLifetime {
		t.Errorf("quote expires in %s, want about %s", left, DefaultLifetime)
	}
}

// TestBadRequests: requests the API cannot quote are 400 with a message,
// which the client reports as an *executor.Error with the status.
func TestBadRequests(t *testing.T) {
	s, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	h := s.Handler()
	tests := []struct {
		name, method, body string
		status             int
		message            string
	}{
		{"unknown destination", "POST", `{"srcChain":10002,"dstChain":30,"relayInstructions":"0x01` + zeros(64) + `"}`, 400, "unsupported destination chain 30"},
		{"unknown source", "POST", `{"srcChain":2,"dstChain":10002,"relayInstructions":"0x01` + zeros(64) + `"}`, 400, "unsupported source chain 2"},
		{"same chain", "POST", `{"srcChain":10002,"dstChain":10002,"relayInstructions":"0x01` + zeros(64) + `"}`, 400, "both chain"},
		{"not hex", "POST", `{"srcChain":10002,"dstChain":1,"relayInstructions":"01"}`, 400, "0x-prefixed"},
		{"drop-off instruction", "POST", `{"srcChain":10002,"dstChain":1,"relayInstructions":"0x02` + zeros(96) + `"}`, 400, "type 2"},
		{"truncated", "POST", `{"srcChain":10002,"dstChain":1,"relayInstructions":"0x0100"}`, 400, "truncated"},
		{"missing field", "POST", `{"srcChain":10002,"dstChain":1}`, 400, "required"},
		{"unknown field", "POST", `{"srcChain":10002,"dstChain":1,"relayInstructions":"0x","x":1}`, 400, "unknown field"},
		{"GET", "GET", ``, 405, "POST"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(tt.method, "/v0/quote", strings.NewReader(tt.body)))
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d (%s)", rec.Code, tt.status, rec.Body)
			}
			var e struct{ Message string }
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || !strings.Contains(e.Message, tt.message) {
				t.Errorf("body %s, want a message containing %q", rec.Body, tt.message)
			}
		})
	}
	if s.Requests() != len(tests) {
		t.Errorf("Requests() = %d, want %d", s.Requests(), len(tests))
	}

	srv := start(t, Config{})
	_, err = client(t, srv, nil).Quote(context.Background(), executor.Request{SrcChain: ChainSepolia, DstChain: 30})
	var ee *executor.Error
	if !errors.As(err, &ee) || ee.Status != http.StatusBadRequest || !strings.Contains(ee.Message, "unsupported destination chain 30") {
		t.Errorf("client error %v, want a 400 naming the chain", err)
	}
}

// TestDown: a server set down answers 503 with Retry-After, which the
// client turns into its RetryAfter hint; SetUp restores it.
func TestDown(t *testing.T) {
	s := start(t, Config{})
	c := client(t, s, nil)
	req := executor.Request{SrcChain: ChainSepolia, DstChain: ChainSolana, Relay: executor.RelayInstructions{GasLimit: big.NewInt(1)}}
	s.SetDown(1500 * time.Millisecond)
	_, err := c.Quote(context.Background(), req)
	var ee *executor.Error
	if !errors.As(err, &ee) || ee.Status != http.StatusServiceUnavailable || ee.RetryAfter != 2*time.Second {
		t.Fatalf("error %v, want 503 with a 2 s Retry-After", err)
	}
	s.SetUp()
	if _, err := c.Quote(context.Background(), req); err != nil {
		t.Fatalf("after SetUp: %v", err)
	}
	if s.Requests() != 2 {
		t.Errorf("Requests() = %d, want 2", s.Requests())
	}
}

// TestExpiredQuote: a negative lifetime signs quotes already expired,
// which the client refuses (the on-chain check is the devnet's test).
func TestExpiredQuote(t *testing.T) {
	s, _ := New(Config{Lifetime: -time.Minute, Now: func() time.Time { return t0 }})
	q, _, err := s.Quote(ChainSepolia, ChainBaseSepolia, "0x01"+zeros(64))
	if err != nil {
		t.Fatal(err)
	}
	sq, err := executor.ParseSignedQuote(q)
	if err != nil {
		t.Fatal(err)
	}
	if !sq.Expiry.Equal(t0.Add(-time.Minute)) {
		t.Errorf("expiry %s, want a minute before now", sq.Expiry)
	}
}

func TestCostRoundsUp(t *testing.T) {
	// 1 lamport at SOL 150 / ETH 3000 is 5e7 wei exactly; 1 wei of gas
	// value on ETH into SOL is 2e-8 lamport, which rounds up to 1.
	eth, sol := DefaultChains()[ChainSepolia], DefaultChains()[ChainSolana]
	eth.BaseFee, sol.BaseFee = 0, 0
	if got := Cost(eth, sol, big.NewInt(0), big.NewInt(1)); got.Cmp(big.NewInt(50_000_000)) != 0 {
		t.Errorf("1 lamport = %s wei, want 5e7", got)
	}
	eth.GasPrice = 1
	if got := Cost(sol, eth, big.NewInt(1), big.NewInt(0)); got.Cmp(big.NewInt(1)) != 0 {
		t.Errorf("1 wei in lamports = %s, want 1 (rounded up)", got)
	}
}

func zeros(n int) string { return strings.Repeat("0", n) }

// TestSignerRecoversRealQuote: the published mainnet quote (decision 59's
// fixture) is signed over the bare keccak256 of its first 100 bytes, with
// v 27/28: Signer recovers the quoter it names. So the stand-in signs as
// the hosted quoter does, and the devnet Executor checks what a real quote
// carries.
func TestSignerRecoversRealQuote(t *testing.T) {
	raw, err := os.ReadFile("../testdata/eth_to_sei_answer.json")
	if err != nil {
		t.Fatal(err)
	}
	var answer struct{ SignedQuote string }
	if err := json.Unmarshal(raw, &answer); err != nil {
		t.Fatal(err)
	}
	b, err := hex.DecodeString(strings.TrimPrefix(answer.SignedQuote, "0x"))
	if err != nil {
		t.Fatal(err)
	}
	q, err := executor.ParseSignedQuote(b)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := Signer(q)
	if err != nil {
		t.Fatal(err)
	}
	if signer != common.Address(q.Quoter) {
		t.Errorf("the real quote recovers %s, its quoter field is %x", signer, q.Quoter)
	}
	// A changed header recovers someone else.
	b[70] ^= 1
	q2, _ := executor.ParseSignedQuote(b)
	if s2, err := Signer(q2); err == nil && s2 == signer {
		t.Error("a tampered quote recovers the same signer")
	}
}

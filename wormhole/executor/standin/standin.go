// Package standin is a stand-in for the Wormhole Executor's quote API,
// for tests and the devnet: POST /v0/quote answers a fresh "EQ01" signed
// quote, signed with a devnet secp256k1 key, and an estimated cost computed
// from a fixed, documented price table, in the wire format the real API
// speaks (see docs/decisions.md, decision 59) and the [executor.Client]
// reads.
//
// It is not the real quoter: its prices are constants, it knows only the
// chains it is configured with, and its quotes verify only against the key
// it was given (the devnet's Executor contract checks that signer; the
// mainnet contract checks no signature at all).
//
// # Pricing
//
// A quote from chain S to chain D for relay instructions asking a gas
// limit G and a message value V (summed over every gas instruction) costs,
// in S's native base units:
//
//	estimatedCost = S.BaseFee + ceil((G × D.GasPrice + V) × D.Price × 10^S.Decimals / (S.Price × 10^D.Decimals))
//
// that is, the destination's gas and value converted to the source's
// native token at the two prices. The signed quote carries the same
// inputs: base fee S.BaseFee, destination gas price D.GasPrice, source
// price S.Price, destination price D.Price.
package standin

import (
	"crypto/ecdsa"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/wormhole/executor"
)

// DefaultLifetime is how long a quote is valid when Config.Lifetime is
// zero: as the hosted quoter's published example (an hour).
const DefaultLifetime = time.Hour

// devnetQuoterKey is the quoter's key when Config.Key is nil: a fixed,
// public devnet key (never use it anywhere real), so the devnet's Executor
// contract can be deployed knowing the quoter before the server starts.
const devnetQuoterKey = "8f2a55949038a9610f50fb23b5883af3b4ecb3c3bb792cbcefbd1542c692be63"

// DevnetQuoterKey returns the fixed devnet quoter key (a new copy each
// call). Its address is DevnetQuoter.
func DevnetQuoterKey() *ecdsa.PrivateKey {
	k, err := crypto.HexToECDSA(devnetQuoterKey)
	if err != nil {
		panic(err)
	}
	return k
}

// DevnetQuoter is the address of DevnetQuoterKey.
var DevnetQuoter = crypto.PubkeyToAddress(DevnetQuoterKey().PublicKey)

// Chain prices one Wormhole chain.
type Chain struct {
	// Decimals of the chain's native token (18 for ETH, 9 for SOL).
	Decimals uint8
	// Price of one whole native token, at a scale shared by every chain
	// of the Config (DefaultChains uses USD × 1e8).
	Price uint64
	// GasPrice is what one unit of gas (a compute unit on Solana) costs
	// on this chain, in its native base units, when it is the
	// destination.
	GasPrice uint64
	// BaseFee is the flat fee, in this chain's native base units, of a
	// quote whose source is this chain.
	BaseFee uint64
}

// Wormhole chain ids of the chains DefaultChains prices.
const (
	ChainSolana          uint16 = 1
	ChainSepolia         uint16 = 10002
	ChainArbitrumSepolia uint16 = 10003
	ChainBaseSepolia     uint16 = 10004
	ChainOptimismSepolia uint16 = 10005
)

// DefaultChains prices the devnet's chains: the four EVM testnets at
// ETH = 3000 USD, 1 gwei gas and a base fee of 0.00001 ETH, and Solana
// at SOL = 150 USD, one lamport per compute unit and a base fee of
// 5000 lamports. Prices are USD × 1e8.
func DefaultChains() map[uint16]Chain {
	eth := Chain{Decimals: 18, Price: 3000_0000_0000, GasPrice: 1_000_000_000, BaseFee: 10_000_000_000_000}
	return map[uint16]Chain{
		ChainSepolia: eth, ChainArbitrumSepolia: eth, ChainBaseSepolia: eth, ChainOptimismSepolia: eth,
		ChainSolana: {Decimals: 9, Price: 150_0000_0000, GasPrice: 1, BaseFee: 5000},
	}
}

// Config configures a Server. The zero value is usable: the devnet quoter
// key, the quoter as payee, quotes valid an hour, DefaultChains, the wall
// clock.
type Config struct {
	// Key signs the quotes; nil means DevnetQuoterKey.
	Key *ecdsa.PrivateKey
	// Payee is the quote's payee (32 bytes: an EVM address left-padded
	// or a Solana key); zero means the quoter's address, left-padded.
	Payee [32]byte
	// Lifetime is how long after Now a quote expires; zero means
	// DefaultLifetime. A negative lifetime signs quotes already expired,
	// for tests of the on-chain expiry check.
	Lifetime time.Duration
	// Chains are the chains quoted, by Wormhole chain id; nil means
	// DefaultChains. A request naming another chain is a 400.
	Chains map[uint16]Chain
	// Now is the clock of the quotes' expiry; nil means time.Now.
	Now func() time.Time
}

// Server is the Executor stand-in. Handler serves the API; Start (or
// Listen) also runs it on a loopback listener. It is safe for concurrent
// use.
type Server struct {
	key      *ecdsa.PrivateKey
	quoter   common.Address
	payee    [32]byte
	lifetime time.Duration
	chains   map[uint16]Chain
	now      func() time.Time

	requests atomic.Int64

	mu         sync.Mutex
	down       bool
	retryAfter time.Duration

	srv *httptest.Server
}

// New returns a Server for cfg that does not listen: use Handler, or Start.
func New(cfg Config) (*Server, error) {
	s := &Server{key: cfg.Key, payee: cfg.Payee, lifetime: cfg.Lifetime, chains: cfg.Chains, now: cfg.Now}
	if s.key == nil {
		s.key = DevnetQuoterKey()
	}
	s.quoter = crypto.PubkeyToAddress(s.key.PublicKey)
	if s.payee == ([32]byte{}) {
		copy(s.payee[12:], s.quoter[:])
	}
	if s.lifetime == 0 {
		s.lifetime = DefaultLifetime
	}
	if s.chains == nil {
		s.chains = DefaultChains()
	}
	for id, c := range s.chains {
		if c.Price == 0 {
			return nil, fmt.Errorf("standin: chain %d has no price", id)
		}
		if c.Decimals > 36 {
			return nil, fmt.Errorf("standin: chain %d has %d decimals", id, c.Decimals)
		}
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s, nil
}

// Start returns a Server for cfg listening on a free loopback port.
func Start(cfg Config) (*Server, error) { return Listen(cfg, "127.0.0.1:0") }

// Listen returns a Server for cfg listening on addr (host:port; port 0
// picks a free one).
func Listen(cfg Config, addr string) (*Server, error) {
	s, err := New(cfg)
	if err != nil {
		return nil, err
	}
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("standin: listen: %w", err)
	}
	s.srv = httptest.NewUnstartedServer(s.Handler())
	s.srv.Listener.Close()
	s.srv.Listener = l
	s.srv.Start()
	return s, nil
}

// URL is the base URL to give executor.Config.BaseURL ("" when the
// server does not listen).
func (s *Server) URL() string {
	if s.srv == nil {
		return ""
	}
	return s.srv.URL
}

// Close stops the listener, if any, and waits for its requests.
func (s *Server) Close() {
	if s.srv != nil {
		s.srv.Close()
	}
}

// Quoter is the address whose key signs the quotes.
func (s *Server) Quoter() common.Address { return s.quoter }

// Payee is the payee the quotes name.
func (s *Server) Payee() [32]byte { return s.payee }

// Requests is the number of requests served so far (answered or refused,
// down or not).
func (s *Server) Requests() int { return int(s.requests.Load()) }

// SetDown makes every request a 503 with a Retry-After of retryAfter
// (whole seconds, rounded up; none when zero), as an Executor outage, until
// SetUp.
func (s *Server) SetDown(retryAfter time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.down, s.retryAfter = true, retryAfter
}

// SetUp ends SetDown.
func (s *Server) SetUp() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.down = false
}

// Handler serves the API: POST /v0/quote.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/v0/quote", s.serveQuote)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.requests.Add(1)
		mux.ServeHTTP(w, r)
	})
}

// maxRequest bounds a request body: a quote request is under 200 bytes.
const maxRequest = 16 << 10

type quoteRequest struct {
	SrcChain          *uint16 `json:"srcChain"`
	DstChain          *uint16 `json:"dstChain"`
	RelayInstructions *string `json:"relayInstructions"`
}

func (s *Server) serveQuote(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	down, retry := s.down, s.retryAfter
	s.mu.Unlock()
	if down {
		if retry > 0 {
			w.Header().Set("Retry-After", strconv.FormatInt(int64((retry+time.Second-1)/time.Second), 10))
		}
		writeError(w, http.StatusServiceUnavailable, "executor stand-in is down")
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		writeError(w, http.StatusMethodNotAllowed, "use POST")
		return
	}
	var req quoteRequest
	dec := json.NewDecoder(io.LimitReader(r.Body, maxRequest))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid JSON body: "+err.Error())
		return
	}
	if req.SrcChain == nil || req.DstChain == nil || req.RelayInstructions == nil {
		writeError(w, http.StatusBadRequest, "srcChain, dstChain and relayInstructions are required")
		return
	}
	q, cost, err := s.Quote(*req.SrcChain, *req.DstChain, *req.RelayInstructions)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]string{"signedQuote": "0x" + hex.EncodeToString(q), "estimatedCost": cost.String()})
}

func writeError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"message": msg, "statusCode": status})
}

// Quote builds what the API answers for a route: the signed quote and the
// estimated cost (see the package doc). relayInstructions is 0x-prefixed
// hex of one or more gas instructions (type 1).
func (s *Server) Quote(src, dst uint16, relayInstructions string) ([]byte, *big.Int, error) {
	sc, ok := s.chains[src]
	if !ok {
		return nil, nil, fmt.Errorf("unsupported source chain %d", src)
	}
	dc, ok := s.chains[dst]
	if !ok {
		return nil, nil, fmt.Errorf("unsupported destination chain %d", dst)
	}
	if src == dst {
		return nil, nil, fmt.Errorf("source and destination are both chain %d", src)
	}
	gas, value, err := parseRelay(relayInstructions)
	if err != nil {
		return nil, nil, err
	}

	q := make([]byte, executor.SignedQuoteLen)
	copy(q, executor.QuotePrefix)
	copy(q[4:24], s.quoter[:])
	copy(q[24:56], s.payee[:])
	binary.BigEndian.PutUint16(q[56:], src)
	binary.BigEndian.PutUint16(q[58:], dst)
	expiry := s.now().Add(s.lifetime).Unix()
	if expiry < 0 {
		expiry = 0
	}
	binary.BigEndian.PutUint64(q[60:], uint64(expiry))
	binary.BigEndian.PutUint64(q[68:], sc.BaseFee)
	binary.BigEndian.PutUint64(q[76:], dc.GasPrice)
	binary.BigEndian.PutUint64(q[84:], sc.Price)
	binary.BigEndian.PutUint64(q[92:], dc.Price)
	sig, err := Sign(s.key, q[:100])
	if err != nil {
		return nil, nil, err
	}
	copy(q[100:], sig)
	return q, Cost(sc, dc, gas, value), nil
}

// Cost is the estimated cost of relaying gas and value from src to dst
// (the package doc's formula), in src's native base units.
func Cost(src, dst Chain, gas, value *big.Int) *big.Int {
	n := new(big.Int).Mul(gas, new(big.Int).SetUint64(dst.GasPrice))
	n.Add(n, value)
	n.Mul(n, new(big.Int).SetUint64(dst.Price))
	n.Mul(n, pow10(src.Decimals))
	d := new(big.Int).Mul(new(big.Int).SetUint64(src.Price), pow10(dst.Decimals))
	q, r := new(big.Int).QuoRem(n, d, new(big.Int))
	if r.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return q.Add(q, new(big.Int).SetUint64(src.BaseFee))
}

func pow10(n uint8) *big.Int { return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil) }

// Sign signs a quote's first 100 bytes as the Executor's quoters do: a
// secp256k1 signature over keccak256(header), r | s | v with v 27 or 28.
func Sign(key *ecdsa.PrivateKey, header []byte) ([]byte, error) {
	if len(header) != 100 {
		return nil, fmt.Errorf("standin: a quote header is 100 bytes, got %d", len(header))
	}
	sig, err := crypto.Sign(crypto.Keccak256(header), key)
	if err != nil {
		return nil, err
	}
	sig[64] += 27
	return sig, nil
}

// Signer recovers the address that signed a signed quote (any version-1
// quote: the Executor stand-in's or another quoter's).
func Signer(q executor.SignedQuote) (common.Address, error) {
	if len(q.Raw) != executor.SignedQuoteLen {
		return common.Address{}, errors.New("standin: not a version-1 signed quote")
	}
	sig := append([]byte(nil), q.Signature[:]...)
	if sig[64] >= 27 {
		sig[64] -= 27
	}
	pub, err := crypto.SigToPub(crypto.Keccak256(q.Raw[:100]), sig)
	if err != nil {
		return common.Address{}, fmt.Errorf("standin: recover the quote's signer: %w", err)
	}
	return crypto.PubkeyToAddress(*pub), nil
}

// parseRelay sums the gas limits and message values of relay instructions
// made only of gas instructions.
func parseRelay(s string) (gas, value *big.Int, err error) {
	h, ok := strings.CutPrefix(s, "0x")
	if !ok {
		return nil, nil, errors.New("relayInstructions must be 0x-prefixed hex")
	}
	b, err := hex.DecodeString(h)
	if err != nil {
		return nil, nil, fmt.Errorf("relayInstructions: %v", err)
	}
	if len(b) == 0 {
		return nil, nil, errors.New("relayInstructions are empty")
	}
	gas, value = new(big.Int), new(big.Int)
	for len(b) > 0 {
		if b[0] != 1 {
			return nil, nil, fmt.Errorf("relayInstructions: instruction type %d is not supported (only 1, gas)", b[0])
		}
		if len(b) < 33 {
			return nil, nil, errors.New("relayInstructions: truncated gas instruction")
		}
		gas.Add(gas, new(big.Int).SetBytes(b[1:17]))
		value.Add(value, new(big.Int).SetBytes(b[17:33]))
		b = b[33:]
	}
	return gas, value, nil
}

// Package svmtest is a fake Solana JSON-RPC node for tests: it serves
// getMultipleAccounts (base64) and getLatestBlockhash, singly or in
// batches, in the real wire format, from accounts the test sets, and counts
// the HTTP requests it answers. It keeps a ledger of transactions too
// (ledger.go), served by getSlot, getSignaturesForAddress,
// getSignatureStatuses and getTransaction, with order-book events emitted
// by self-CPI, a landed send_token with the invocations under it
// (SendTokenTx), re-orgs and refused batches.
package svmtest

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"sync"

	"github.com/gagliardetto/solana-go"

	"github.com/m0-orchestration/m0/svm"
)

// Account is an account the fake node holds.
type Account struct {
	Data     []byte
	Owner    solana.PublicKey
	Lamports uint64
}

// RPC is a fake Solana JSON-RPC node. Its zero value is not usable: call
// NewRPC. It is safe for concurrent use.
type RPC struct {
	// Server is the HTTP server; its URL is the node's endpoint.
	Server *httptest.Server

	mu        sync.Mutex
	slot      uint64
	blockhash solana.Hash
	accounts  map[solana.PublicKey]Account
	requests  int
	calls     map[string]int
	maxKeys   int
	fail      *rpcError
	minSlot   uint64
	batches   [][]string

	// The ledger (ledger.go).
	ledger     []Transaction
	minted     int
	hidden     map[solana.Signature]bool
	maxBatch   int
	sigQueries []SignatureQuery
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// NewRPC starts a fake node at slot 1000 with a fixed blockhash, which
// refuses a getMultipleAccounts of more than 100 keys as the real one does.
// Close it with Close.
func NewRPC() *RPC {
	r := &RPC{slot: 1000, accounts: map[solana.PublicKey]Account{}, calls: map[string]int{}, maxKeys: 100}
	copy(r.blockhash[:], []byte("svmtest blockhash, 32 bytes long"))
	r.Server = httptest.NewServer(http.HandlerFunc(r.serve))
	return r
}

// Close stops the server.
func (r *RPC) Close() { r.Server.Close() }

// URL is the node's endpoint.
func (r *RPC) URL() string { return r.Server.URL }

// Set stores an account (replacing any); Delete removes one.
func (r *RPC) Set(key solana.PublicKey, a Account) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.accounts[key] = a
}

// Accounts is a copy of the accounts the node holds, by key: the state a
// test can load elsewhere (a runtime executing the node's payloads) so both
// see the same chain.
func (r *RPC) Accounts() map[solana.PublicKey]Account {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make(map[solana.PublicKey]Account, len(r.accounts))
	for k, a := range r.accounts {
		a.Data = append([]byte(nil), a.Data...)
		out[k] = a
	}
	return out
}

// Delete removes an account.
func (r *RPC) Delete(key solana.PublicKey) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.accounts, key)
}

// SetSlot sets the slot the node answers at.
func (r *RPC) SetSlot(slot uint64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.slot = slot
}

// Blockhash is the blockhash the node answers.
func (r *RPC) Blockhash() solana.Hash { return r.blockhash }

// Fail makes every call answer a JSON-RPC error with code and message
// (code 0 stops failing).
func (r *RPC) Fail(code int, message string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.fail = nil
	if code != 0 {
		r.fail = &rpcError{Code: code, Message: message}
	}
}

// Requests is the number of HTTP requests answered.
func (r *RPC) Requests() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.requests
}

// Calls is the number of JSON-RPC calls of method answered.
func (r *RPC) Calls(method string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.calls[method]
}

// MinContextSlot is the last non-zero minContextSlot a call asked for
// (the node refuses a call whose minContextSlot is above its slot, with
// the real error -32016).
func (r *RPC) MinContextSlot() uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.minSlot
}

// Batches lists, for each HTTP request, the methods of its calls.
func (r *RPC) Batches() [][]string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([][]string(nil), r.batches...)
}

type request struct {
	JSONRPC string            `json:"jsonrpc"`
	ID      json.RawMessage   `json:"id"`
	Method  string            `json:"method"`
	Params  []json.RawMessage `json:"params"`
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

func (r *RPC) serve(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.requests++
	w.Header().Set("Content-Type", "application/json")
	var batch []request
	if err := json.Unmarshal(body, &batch); err != nil {
		var one request
		if err := json.Unmarshal(body, &one); err != nil {
			_ = json.NewEncoder(w).Encode(response{JSONRPC: "2.0", ID: json.RawMessage("null"), Error: &rpcError{Code: -32700, Message: "Parse error"}})
			return
		}
		r.batches = append(r.batches, []string{one.Method})
		_ = json.NewEncoder(w).Encode(r.answer(one))
		return
	}
	if r.maxBatch > 0 && len(batch) > r.maxBatch {
		r.batches = append(r.batches, []string{"refused"})
		http.Error(w, "batch too large", http.StatusRequestEntityTooLarge)
		return
	}
	methods := make([]string, len(batch))
	out := make([]response, len(batch))
	for i, c := range batch {
		methods[i] = c.Method
		out[i] = r.answer(c)
	}
	r.batches = append(r.batches, methods)
	_ = json.NewEncoder(w).Encode(out)
}

func (r *RPC) answer(c request) response {
	r.calls[c.Method]++
	res := response{JSONRPC: "2.0", ID: c.ID}
	if r.fail != nil {
		res.Error = r.fail
		return res
	}
	if n := len(c.Params); n > 0 {
		var cfg struct {
			MinContextSlot uint64 `json:"minContextSlot"`
		}
		if json.Unmarshal(c.Params[n-1], &cfg) == nil && cfg.MinContextSlot != 0 {
			r.minSlot = cfg.MinContextSlot
			if r.slot < cfg.MinContextSlot {
				res.Error = &rpcError{Code: -32016, Message: "Minimum context slot has not been reached"}
				return res
			}
		}
	}
	ctx := map[string]any{"slot": r.slot, "apiVersion": "2.1.0"}
	switch c.Method {
	case "getLatestBlockhash":
		res.Result = map[string]any{"context": ctx, "value": map[string]any{
			"blockhash": r.blockhash.String(), "lastValidBlockHeight": r.slot + 150}}
	case "getMultipleAccounts":
		var keys []solana.PublicKey
		if len(c.Params) == 0 || json.Unmarshal(c.Params[0], &keys) != nil {
			res.Error = &rpcError{Code: -32602, Message: "Invalid params"}
			return res
		}
		if len(keys) > r.maxKeys {
			res.Error = &rpcError{Code: -32602, Message: "Too many inputs provided; max 100"}
			return res
		}
		value := make([]any, len(keys))
		for i, k := range keys {
			a, ok := r.accounts[k]
			if !ok {
				continue // null
			}
			value[i] = map[string]any{
				"data":       []string{base64.StdEncoding.EncodeToString(a.Data), "base64"},
				"owner":      a.Owner.String(),
				"lamports":   a.Lamports,
				"executable": false,
				"rentEpoch":  uint64(18446744073709551615),
				"space":      len(a.Data),
			}
		}
		res.Result = map[string]any{"context": ctx, "value": value}
	case "getSlot":
		res.Result = r.slot
	case "getSignaturesForAddress":
		res.Result, res.Error = r.signaturesFor(c)
	case "getSignatureStatuses":
		res.Result, res.Error = r.statuses(c)
	case "getTransaction":
		res.Result, res.Error = r.transaction(c)
		if res.Result == nil && res.Error == nil {
			res.Result = json.RawMessage("null")
		}
	default:
		res.Error = &rpcError{Code: -32601, Message: "Method not found"}
	}
	return res
}

// TokenAccount is the 165-byte SPL Token account layout (Token-2022's base
// layout too): mint, owner, amount (u64 LE at 64), no delegate,
// initialized, not native, no delegated amount, no close authority.
func TokenAccount(mint, owner solana.PublicKey, amount uint64) []byte {
	b := make([]byte, 165)
	copy(b[0:32], mint[:])
	copy(b[32:64], owner[:])
	binary.LittleEndian.PutUint64(b[64:72], amount)
	b[108] = 1 // AccountState::Initialized
	return b
}

// Mint is the 82-byte SPL Token mint layout (Token-2022's base layout
// too): no mint authority, supply, decimals at 44, initialized, no freeze
// authority.
func Mint(supply uint64, decimals uint8) []byte {
	b := make([]byte, 82)
	binary.LittleEndian.PutUint64(b[36:44], supply)
	b[44] = decimals
	b[45] = 1
	return b
}

// swapGlobalDisc is SwapGlobal's account discriminator, read from
// ext_swap's IDL so that the fixture follows the IDL it is checked against.
var swapGlobalDisc = sync.OnceValue(func() []byte {
	p, err := svm.ExtSwapIDL()
	if err != nil {
		panic(err) // the embedded IDL is checked by svm's own tests
	}
	d, ok := p.AccountDiscriminator("SwapGlobal")
	if !ok {
		panic("svmtest: ext_swap's IDL has no SwapGlobal account")
	}
	return d
})

// WhitelistedExtension is one entry of SwapGlobal.whitelisted_extensions.
type WhitelistedExtension struct {
	Program, Mint, TokenProgram solana.PublicKey
}

// SwapGlobal is ext_swap's SwapGlobal account data in its Borsh layout:
// discriminator | bump | admin | Vec<unwrapper> | Vec<{program_id, mint,
// token_program}>, followed by spare space as a real account has.
func SwapGlobal(admin solana.PublicKey, unwrappers []solana.PublicKey, exts []WhitelistedExtension) []byte {
	b := append([]byte(nil), swapGlobalDisc()...)
	b = append(b, 254)
	b = append(b, admin[:]...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(unwrappers)))
	for _, u := range unwrappers {
		b = append(b, u[:]...)
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(len(exts)))
	for _, e := range exts {
		b = append(append(append(b, e.Program[:]...), e.Mint[:]...), e.TokenProgram[:]...)
	}
	return append(b, make([]byte, 64)...)
}

// ScaledMint is a Token-2022 mint with the ScaledUiAmount extension (type
// 25): the 82-byte base, padding to 165, the account type (1, mint), then
// the extension's TLV: authority | multiplier f64 | effective timestamp
// i64 | new_multiplier f64. multiplier applies until effective, then
// newMultiplier.
func ScaledMint(supply uint64, decimals uint8, multiplier float64, effective int64, newMultiplier float64) []byte {
	b := make([]byte, 165, 166+4+56)
	copy(b, Mint(supply, decimals))
	b = append(b, 1)
	b = binary.LittleEndian.AppendUint16(b, 25)
	b = binary.LittleEndian.AppendUint16(b, 56)
	b = append(b, make([]byte, 32)...)
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(multiplier))
	b = binary.LittleEndian.AppendUint64(b, uint64(effective))
	return binary.LittleEndian.AppendUint64(b, math.Float64bits(newMultiplier))
}

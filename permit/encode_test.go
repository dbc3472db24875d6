package permit_test

import (
	"bytes"
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm/contracts"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit"
)

func mustPack(t *testing.T, a *abi.ABI, name string, args ...any) []byte {
	t.Helper()
	b, err := a.Pack(name, args...)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The selectors of the signatures, computed independently (m0-evm facts).
func TestSignatureSelectors(t *testing.T) {
	for sig, want := range map[string]string{
		permit.SwapWithPermitSignature:   "0x5d77e1ca",
		permit.AMMSwapSignature:          "0x5ae401dc",
		permit.LimitOrderSignature:       "0x9f469042",
		permit.SelfPermitSignature:       "0xf3995c67",
		permit.ExactInputSingleSignature: "0x04e45aaf",
	} {
		if got := hexutil.Encode(crypto.Keccak256([]byte(sig))[:4]); got != want {
			t.Errorf("%s: selector %s, want %s", sig, got, want)
		}
	}
	for op, want := range map[string]string{
		orchestration.OperationSwap: permit.SwapWithPermitSignature, orchestration.OperationAMMSwap: permit.AMMSwapSignature,
		orchestration.OperationLimitOrder: permit.LimitOrderSignature,
	} {
		if got, ok := permit.FunctionSignature(op); !ok || got != want {
			t.Errorf("FunctionSignature(%s) = %q, %v", op, got, ok)
		}
	}
	if _, ok := permit.FunctionSignature("bridge"); ok {
		t.Error("FunctionSignature knows bridge")
	}
}

// Encode is abi.Pack of the generated bindings' methods with the
// recipe's arguments.
func TestEncodeGolden(t *testing.T) {
	facilityABI, routerABI, bookABI := contracts.MustABI("SwapFacility"), contracts.MustABI("SwapRouter02"), contracts.MustABI("OrderBook")
	dl := big.NewInt(deadline)

	t.Run("swap", func(t *testing.T) {
		r := swapRecipe()
		sig := sign(t, r, ownerKey)
		want := mustPack(t, facilityABI, "swapWithPermit0", wM, mUSD, units(10), recipient, dl, sig)
		checkPayload(t, r, sig, facility, want)

		// swapInM without extensionIn: tokenIn is the permitted token.
		r.Operation.Swap.Method, r.Operation.Swap.ExtensionIn = "swapInM", ""
		checkPayload(t, r, sig, facility, want)
	})
	t.Run("ammSwap", func(t *testing.T) {
		r := ammRecipe()
		sig := sign(t, r, ownerKey)
		v, rr, s := sig[64], [32]byte(sig[:32]), [32]byte(sig[32:64])
		selfPermit := mustPack(t, routerABI, "selfPermit", usdc, big.NewInt(1_500_000), dl, v, rr, s)
		swap := mustPack(t, routerABI, "exactInputSingle", bindings.ExactInputSingleParams{
			TokenIn: usdc, TokenOut: wM, Fee: big.NewInt(500), Recipient: recipient,
			AmountIn: big.NewInt(1_500_000), AmountOutMinimum: big.NewInt(1_490_000), SqrtPriceLimitX96: new(big.Int),
		})
		want := mustPack(t, routerABI, "multicall0", dl, [][]byte{selfPermit, swap})
		checkPayload(t, r, sig, router, want)
	})
	t.Run("limitOrder", func(t *testing.T) {
		r := orderRecipe()
		sig := sign(t, r, ownerKey)
		want := mustPack(t, bookABI, "openOrderWithPermit", bindings.OrderParams{
			DestChainId: baseSepoliaID, FillDeadline: 1_800_000_000, TokenIn: usdc, TokenOut: common.BytesToHash(baseWM.Bytes()),
			AmountIn: units(100), AmountOut: big.NewInt(99_500_000), Recipient: common.BytesToHash(recipient.Bytes()),
			Solver: common.BytesToHash(common.HexToAddress("0x5555555555555555555555555555555555555555").Bytes()), Sender: owner,
		}, dl, sig)
		checkPayload(t, r, sig, book, want)
	})
}

func checkPayload(t *testing.T, r orchestration.PermitRecipe, sig []byte, to common.Address, want []byte) {
	t.Helper()
	data, err := permit.Calldata(r, sig)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, want) {
		t.Fatalf("calldata\n%x\nwant\n%x", data, want)
	}
	p, err := permit.Encode(r, sig)
	if err != nil {
		t.Fatal(err)
	}
	e := p.Data.EVM
	if e == nil || e.To != to.Hex() || e.Data != hexutil.Encode(want) || e.Value != "0" || e.Chain != r.Chain || e.ChainID != r.ChainID {
		t.Fatalf("payload %+v", e)
	}
	if p.Provider != r.Provider || p.Solver != r.Solver {
		t.Errorf("payload provider %q solver %v", p.Provider, p.Solver)
	}
	// The words are read from the bytes (over the embedded catalog), never
	// the recipe's.
	if words, _ := permit.Describe(asset.Default(), p); p.Annotation != words || p.Annotation == r.Annotation {
		t.Errorf("payload annotation %q, want Describe's %q", p.Annotation, words)
	}
}

// A recipe's annotation that lies about the call does not reach the
// payload: Encode writes what the calldata does.
func TestEncodeAnnotationIsReadFromTheCalldata(t *testing.T) {
	r := swapRecipe()
	r.Annotation = "Swap 10 wM for mUSD to yourself"
	p, err := permit.Encode(r, sign(t, r, ownerKey))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Annotation, "to 0x000…bC12") || strings.Contains(p.Annotation, "yourself") {
		t.Errorf("annotation %q, want the calldata's recipient 0x000…bC12 and not the recipe's words", p.Annotation)
	}
}

func TestEncodeSignatures(t *testing.T) {
	r := ammRecipe()
	sig := sign(t, r, ownerKey)
	want, err := permit.Calldata(r, sig)
	if err != nil {
		t.Fatal(err)
	}
	// v as a bare recovery id encodes as 27 or 28.
	low := append([]byte(nil), sig...)
	low[64] -= 27
	if got, err := permit.Calldata(r, low); err != nil || !bytes.Equal(got, want) {
		t.Errorf("v %d: %v, same calldata %v", low[64], err, bytes.Equal(got, want))
	}
	high := append([]byte(nil), sig...)
	new(big.Int).Sub(crypto.S256().Params().N, new(big.Int).SetBytes(sig[32:64])).FillBytes(high[32:64])
	for _, tc := range []struct {
		name string
		sig  []byte
		kind error
	}{
		{"short", sig[:64], permit.ErrSignatureLength},
		{"long", append(append([]byte(nil), sig...), 0), permit.ErrSignatureLength},
		{"empty", nil, permit.ErrSignatureLength},
		{"v 29", append(append([]byte(nil), sig[:64]...), 29), permit.ErrSignatureV},
		{"high s", high, permit.ErrSignatureS},
		{"zero s", append(append(append([]byte(nil), sig[:32]...), make([]byte, 32)...), 27), permit.ErrSignatureS},
		{"zero r", append(make([]byte, 32), sig[32:]...), permit.ErrSignatureR},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := permit.Encode(r, tc.sig)
			var se *permit.SignatureError
			if !errors.As(err, &se) || !errors.Is(err, tc.kind) {
				t.Fatalf("err = %v, want %v", err, tc.kind)
			}
		})
	}
}

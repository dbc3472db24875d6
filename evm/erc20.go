package evm

import (
	"encoding/hex"
	"fmt"
	"math/big"
	"math/bits"
	"slices"

	"github.com/ethereum/go-ethereum/common"
)

// The ERC-20 selectors and argument layout, fixed by the standard.
var (
	selBalanceOf = []byte{0x70, 0xa0, 0x82, 0x31} // balanceOf(address)
	selAllowance = []byte{0xdd, 0x62, 0xed, 0x3e} // allowance(address,address)
	selApprove   = []byte{0x09, 0x5e, 0xa7, 0xb3} // approve(address,uint256)
)

// ERC20BalanceOf is the state read token.balanceOf(owner).
func ERC20BalanceOf(token, owner common.Address) Call {
	return wordsCall(token, selBalanceOf, owner)
}

// ERC20Allowance is the state read token.allowance(owner, spender).
func ERC20Allowance(token, owner, spender common.Address) Call {
	return wordsCall(token, selAllowance, owner, spender)
}

// wordsCall is the call of sel on to with address arguments, memoised like
// MethodCall's: every quote asks for the funder's balance and allowances,
// and its key (to and calldata) is built on the stack to look it up.
func wordsCall(to common.Address, sel []byte, args ...common.Address) Call {
	var arr [20 + 4 + 2*32]byte
	key := append(append(arr[:0], to[:]...), sel...)
	for _, a := range args {
		var pad [12]byte
		key = append(append(key, pad[:]...), a[:]...)
	}
	calldataMemo.mu.RLock()
	c, hit := calldataMemo.words[string(key)]
	calldataMemo.mu.RUnlock()
	if hit {
		return c
	}
	c = Call{To: to, Data: slices.Clone(key[20:]), key: CallKey(key)}
	calldataMemo.mu.Lock()
	if calldataMemo.words == nil || len(calldataMemo.words) >= maxMemo {
		calldataMemo.words = make(map[string]Call)
	}
	calldataMemo.words[string(c.key)] = c
	calldataMemo.mu.Unlock()
	return c
}

// ApproveCalldata is the calldata of approve(spender, amount). It panics
// when amount is negative or wider than 256 bits: such an amount is a bug in
// the caller, not a condition to handle.
func ApproveCalldata(spender common.Address, amount *big.Int) []byte {
	return AppendApproveCalldata(make([]byte, 0, 4+2*32), spender, amount)
}

// AppendApproveCalldata appends ApproveCalldata(spender, amount) to dst.
func AppendApproveCalldata(dst []byte, spender common.Address, amount *big.Int) []byte {
	if amount.Sign() < 0 || amount.BitLen() > 256 {
		panic(fmt.Sprintf("evm: approve amount %s is not a uint256", amount))
	}
	return AppendWords(append(dst, selApprove...), AddressWord(spender), UintWord(amount))
}

// AddressWord is a as an ABI word.
func AddressWord(a common.Address) (w [32]byte) {
	copy(w[12:], a[:])
	return w
}

// UintWord is x, at most 256 bits and not negative, as an ABI word; it
// panics otherwise.
func UintWord(x *big.Int) (w [32]byte) {
	if x.Sign() < 0 { // FillBytes would write |x|
		panic("evm: UintWord of a negative number")
	}
	x.FillBytes(w[:])
	return w
}

// AppendWords appends words to dst: the arguments of a call whose inputs
// are all one-word values (addresses, integers), after its selector,
// packed as the ABI packs them without reflection.
func AppendWords(dst []byte, words ...[32]byte) []byte {
	for _, w := range words {
		dst = append(dst, w[:]...)
	}
	return dst
}

// HexData is hexutil.Encode(data), in one allocation for calldata of up to
// 512 bytes: a payload's data.
func HexData(data []byte) string {
	var buf [2 + 2*512]byte
	return string(hex.AppendEncode(append(buf[:0], "0x"...), data))
}

// DecodeUint256 decodes the single uint256 a call returned. It fails when
// the call reverted (a *RevertError, errors.Is ErrCallReverted) or did not
// return exactly one word.
func DecodeUint256(r Result) (*big.Int, error) {
	if !r.OK {
		return nil, fmt.Errorf("evm: %w", newRevertError("", r.Data))
	}
	if len(r.Data) != 32 {
		return nil, fmt.Errorf("evm: want a 32-byte uint256, got %d bytes", len(r.Data))
	}
	return uint256Of(r.Data), nil
}

// wideInt is a big.Int with the array of a uint256, allocated together.
type wideInt struct {
	big.Int
	words [256 / bits.UintSize]big.Word
}

// uint256Of is the unsigned big-endian w, at most 32 bytes, as a *big.Int
// in one allocation rather than two.
func uint256Of(w []byte) *big.Int {
	v := new(wideInt)
	return v.SetBits(v.words[:0]).SetBytes(w)
}

package permit

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/orchestration"
)

// call is a recipe parsed and checked for consistency: what Encode packs
// and Verify compares.
type call struct {
	recipe  orchestration.PermitRecipe
	op      string
	to      common.Address // recipe.Spender
	txValue *big.Int
	domain  domain
	msg     message

	// The operation's arguments, by type.
	swap  *swapArgs
	amm   *exactInputSingleParams
	order *orderParams

	// What every operation has, for the consistency and Expect checks.
	tokenIn      common.Address
	amount       *big.Int // the amount the permit must cover
	opDeadline   *big.Int
	recipient    [32]byte // an EVM recipient left-padded
	tokenOut     [32]byte // likewise
	minAmountOut *big.Int
}

// exactInputSingleParams is SwapRouter02's ExactInputSingleParams and
// orderParams the OrderBook's OrderParams, the tuples the ABI packs: field
// for field the components, named as go-ethereum names them.
type exactInputSingleParams struct {
	TokenIn           common.Address
	TokenOut          common.Address
	Fee               *big.Int
	Recipient         common.Address
	AmountIn          *big.Int
	AmountOutMinimum  *big.Int
	SqrtPriceLimitX96 *big.Int
}

type orderParams struct {
	DestChainId  uint32
	FillDeadline uint32
	TokenIn      common.Address
	TokenOut     [32]byte
	AmountIn     *big.Int
	AmountOut    *big.Int
	Recipient    [32]byte
	Solver       [32]byte
	Sender       common.Address
}

type swapArgs struct {
	tokenIn, tokenOut, recipient common.Address
	amount                       *big.Int
}

// The methods of a swap operation (orchestration.SwapPermitOp.Method).
var swapMethods = []string{"swap", "swapInM", "swapOutM"}

// parse parses every field of the recipe and checks that they agree with
// each other; it reads no clock.
func parse(r orchestration.PermitRecipe) (*call, error) {
	c := &call{recipe: r, op: r.Operation.Type()}
	if n := countOps(r.Operation); n != 1 {
		return nil, &FieldError{Field: "operation", Err: fmt.Errorf("must hold exactly one operation, holds %d", n)}
	}
	if !r.Chain.IsKnown() || r.Chain.Runtime() != orchestration.RuntimeEVM {
		return nil, &FieldError{Field: "chain", Value: string(r.Chain), Err: errors.New("must be an EVM chain of the Chain enum")}
	}
	var err error
	if c.domain, err = parseDomain(r.TypedData.Domain, "typedData.domain"); err != nil {
		return nil, err
	}
	if c.msg, err = parseMessage(r.TypedData.Message); err != nil {
		return nil, err
	}
	if c.to, err = parseAddress("spender", r.Spender); err != nil {
		return nil, err
	}
	if c.txValue, err = parseUint("value", r.Value, 256); err != nil {
		return nil, err
	}
	switch {
	case r.Operation.Swap != nil:
		err = c.parseSwap(r.Operation.Swap)
	case r.Operation.AMMSwap != nil:
		err = c.parseAMM(r.Operation.AMMSwap)
	default:
		err = c.parseOrder(r.Operation.LimitOrder)
	}
	if err != nil {
		return nil, err
	}
	if err := c.consistent(); err != nil {
		return nil, err
	}
	return c, nil
}

func countOps(o orchestration.PermitOperation) int {
	n := 0
	for _, set := range []bool{o.Swap != nil, o.LimitOrder != nil, o.AMMSwap != nil} {
		if set {
			n++
		}
	}
	return n
}

func (c *call) parseSwap(op *orchestration.SwapPermitOp) error {
	const f = "operation."
	found := false
	for _, m := range swapMethods {
		found = found || op.Method == m
	}
	if !found {
		return &FieldError{Field: f + "method", Value: op.Method, Err: fmt.Errorf("must be one of %s", strings.Join(swapMethods, ", "))}
	}
	var (
		a   swapArgs
		err error
	)
	// swapWithPermit permits tokenIn: an omitted extensionIn (M in, for
	// swapInM) is the permitted token. tokenOut has no such source.
	a.tokenIn = c.domain.VerifyingContract
	if op.ExtensionIn != "" {
		if a.tokenIn, err = parseAddress(f+"extensionIn", op.ExtensionIn); err != nil {
			return err
		}
	}
	if op.ExtensionOut == "" {
		return &FieldError{Field: f + "extensionOut", Err: errors.New("is required: swapWithPermit takes both tokens")}
	}
	if a.tokenOut, err = parseAddress(f+"extensionOut", op.ExtensionOut); err != nil {
		return err
	}
	if a.amount, err = parseAmount(f+"amount", op.Amount, 256); err != nil {
		return err
	}
	if a.recipient, err = parseAddress(f+"recipient", op.Recipient); err != nil {
		return err
	}
	if c.opDeadline, err = parseUint(f+"deadline", op.Deadline, 256); err != nil {
		return err
	}
	c.swap = &a
	c.tokenIn, c.amount, c.minAmountOut = a.tokenIn, a.amount, a.amount
	c.recipient, c.tokenOut = pad(a.recipient), pad(a.tokenOut)
	return nil
}

func (c *call) parseAMM(op *orchestration.AMMSwapPermitOp) error {
	const f = "operation."
	var (
		p   = exactInputSingleParams{SqrtPriceLimitX96: new(big.Int)}
		err error
	)
	if p.TokenIn, err = parseAddress(f+"tokenIn", op.TokenIn); err != nil {
		return err
	}
	if p.TokenOut, err = parseAddress(f+"tokenOut", op.TokenOut); err != nil {
		return err
	}
	if op.Fee == 0 || op.Fee >= 1<<24 {
		return &FieldError{Field: f + "fee", Value: fmt.Sprint(op.Fee), Err: errors.New("must be a uint24 fee tier above zero")}
	}
	p.Fee = new(big.Int).SetUint64(uint64(op.Fee))
	if p.Recipient, err = parseAddress(f+"recipient", op.Recipient); err != nil {
		return err
	}
	if p.AmountIn, err = parseAmount(f+"amountIn", op.AmountIn, 256); err != nil {
		return err
	}
	if p.AmountOutMinimum, err = parseUint(f+"amountOutMinimum", op.AmountOutMinimum, 256); err != nil {
		return err
	}
	if c.opDeadline, err = parseUint(f+"deadline", op.Deadline, 256); err != nil {
		return err
	}
	c.amm = &p
	c.tokenIn, c.amount, c.minAmountOut = p.TokenIn, p.AmountIn, p.AmountOutMinimum
	c.recipient, c.tokenOut = pad(p.Recipient), pad(p.TokenOut)
	return nil
}

func (c *call) parseOrder(op *orchestration.LimitOrderPermitOp) error {
	const f = "operation."
	var (
		p   orderParams
		err error
	)
	if op.DestChainID == 0 || op.DestChainID > math.MaxUint32 {
		return &FieldError{Field: f + "destChainId", Value: fmt.Sprint(op.DestChainID), Err: errors.New("must be a uint32 above zero")}
	}
	p.DestChainId = uint32(op.DestChainID)
	if op.FillDeadline <= 0 || op.FillDeadline > math.MaxUint32 {
		return &FieldError{Field: f + "fillDeadline", Value: fmt.Sprint(op.FillDeadline), Err: errors.New("must be a uint32 above zero")}
	}
	p.FillDeadline = uint32(op.FillDeadline)
	if p.TokenIn, err = parseAddress(f+"tokenIn", op.TokenIn); err != nil {
		return err
	}
	if p.TokenOut, err = parseBytes32(f+"tokenOut", op.TokenOut); err != nil {
		return err
	}
	if p.AmountIn, err = parseAmount(f+"amountIn", op.AmountIn, 128); err != nil {
		return err
	}
	if p.AmountOut, err = parseAmount(f+"amountOut", op.AmountOut, 128); err != nil {
		return err
	}
	if p.Recipient, err = parseBytes32(f+"recipient", op.Recipient); err != nil {
		return err
	}
	if p.Recipient == ([32]byte{}) {
		return &FieldError{Field: f + "recipient", Value: op.Recipient, Err: errors.New("must not be zero")}
	}
	if p.Solver, err = parseBytes32(f+"solver", op.Solver); err != nil {
		return err
	}
	if p.Sender, err = parseAddress(f+"sender", op.Sender); err != nil {
		return err
	}
	if c.opDeadline, err = parseUint(f+"deadline", op.Deadline, 256); err != nil {
		return err
	}
	c.order = &p
	c.tokenIn, c.amount, c.minAmountOut = p.TokenIn, p.AmountIn, p.AmountOut
	c.recipient, c.tokenOut = p.Recipient, p.TokenOut
	return nil
}

// consistent checks that the recipe's fields agree: the permit is for the
// operation's input token and amount, on the recipe's chain, granted to
// the contract the transaction calls, with the operation's deadline, and
// the call is the one this project encodes for the operation.
func (c *call) consistent() error {
	r := c.recipe
	if want, _ := FunctionSignature(c.op); r.FunctionSignature != want {
		return &MismatchError{Field: "functionSignature", Got: r.FunctionSignature, Want: want, Source: "operation type " + c.op}
	}
	if c.domain.ChainID != r.ChainID {
		return &MismatchError{Field: "typedData.domain.chainId", Got: fmt.Sprint(c.domain.ChainID), Want: fmt.Sprint(r.ChainID), Source: "chainId"}
	}
	if c.msg.Spender != c.to {
		return &MismatchError{Field: "typedData.message.spender", Got: c.msg.Spender.Hex(), Want: c.to.Hex(), Source: "spender"}
	}
	if c.domain.VerifyingContract != c.tokenIn {
		return &MismatchError{Field: "typedData.domain.verifyingContract", Got: c.domain.VerifyingContract.Hex(), Want: c.tokenIn.Hex(), Source: "the operation's input token"}
	}
	if c.msg.Value.Cmp(c.amount) != 0 {
		return &MismatchError{Field: "typedData.message.value", Got: c.msg.Value.String(), Want: c.amount.String(), Source: "the operation's amount"}
	}
	if c.msg.Deadline.Cmp(c.opDeadline) != 0 {
		return &MismatchError{Field: "typedData.message.deadline", Got: c.msg.Deadline.String(), Want: c.opDeadline.String(), Source: "operation.deadline"}
	}
	return nil
}

// Check checks that the recipe is whole and consistent, without a clock:
// every field parses (*FieldError), and (*MismatchError) the function
// signature is the operation type's, the domain's chain id is the
// recipe's, the permit's spender is the contract the transaction calls,
// its token (verifyingContract) is the operation's input token, its value
// the operation's amount and its deadline the operation's. Encode runs the
// same checks; Verify adds the clock and the caller's expectations.
func Check(recipe orchestration.PermitRecipe) error {
	_, err := parse(recipe)
	return err
}

// CheckDeadline reports (*ExpiredError) whether the permit's deadline has
// passed at now, by the token's rule: a permit is valid while now is at or
// before its deadline, in Unix seconds.
func CheckDeadline(recipe orchestration.PermitRecipe, now time.Time) error {
	m, err := parseMessage(recipe.TypedData.Message)
	if err != nil {
		return err
	}
	return checkDeadline(m.Deadline, now)
}

func checkDeadline(deadline *big.Int, now time.Time) error {
	if deadline.Cmp(big.NewInt(now.Unix())) < 0 {
		return &ExpiredError{Deadline: time.Unix(deadline.Int64(), 0), Now: now}
	}
	return nil
}

// pad left-pads an EVM address to bytes32, as the OrderBook and the Portal
// write EVM accounts.
func pad(a common.Address) [32]byte { return common.BytesToHash(a.Bytes()) }

// show32 writes a bytes32 account: an EVM address when it is one
// left-padded, else 0x and 64 hex digits.
func show32(b [32]byte) string {
	if [12]byte(b[:12]) == ([12]byte{}) {
		return common.BytesToAddress(b[12:]).Hex()
	}
	return "0x" + hex.EncodeToString(b[:])
}

// parseBytes32 parses 0x and 64 hex digits.
func parseBytes32(field, s string) ([32]byte, error) {
	var b [32]byte
	if len(s) != 66 || !strings.HasPrefix(s, "0x") {
		return b, &FieldError{Field: field, Value: s, Err: errors.New("must be 0x followed by 64 hex digits")}
	}
	if _, err := hex.Decode(b[:], []byte(s[2:])); err != nil {
		return b, &FieldError{Field: field, Value: s, Err: errors.New("must be 0x followed by 64 hex digits")}
	}
	return b, nil
}

package permit

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/orchestration"
)

// OpenFill is the Expect.Solver of a limit order any solver may fill: the
// zero bytes32, written out. An empty Solver is a missing expectation, so
// a caller that forgot the solver is not taken to accept any.
const OpenFill = "0x0000000000000000000000000000000000000000000000000000000000000000"

// Expect is what the caller of Verify knows independently of the recipe:
// what it asked for, and the catalog that names the contracts it trusts.
// Every field not marked optional is required where it applies: Verify
// reports a missing one as a *FieldError naming it ("Expect.TokenOut"),
// never as a pass, so a recipe is held to everything that decides where the
// funds go.
type Expect struct {
	// Token is the input token, the permit's verifyingContract.
	Token common.Address
	// ChainID is the EVM chain the transaction runs on.
	ChainID uint64
	// Owner is the account that signs the permit and sends the transaction
	// (the request's funder).
	Owner common.Address
	// Amount is the amount of Token the permit allows.
	Amount *big.Int
	// Recipient receives the output: an EVM address, or for a limit order
	// the bytes32 recipient (0x and 64 hex digits) or a Solana address.
	Recipient string
	// TokenOut is the output token, written as Recipient is.
	TokenOut string
	// MinAmountOut is the least output the caller accepts: the swap amount,
	// the AMM floor or the order's amountOut must reach it. Derive it from
	// what was asked (the amount and the slippage accepted), not from the
	// quote, so that a quote changed on its way cannot lower it.
	MinAmountOut *big.Int

	// DestChainID is the chain id a limit order pays out on (its
	// destChainId; M0's chain id for Solana). Required for a limit order;
	// optional for a swap or AMM swap, which pay on ChainID: when set, it
	// must be ChainID, so a caller that asked for a cross-chain order is
	// not handed a same-chain swap.
	DestChainID uint64
	// OrderSender is a limit order's sender, who may cancel it and receives
	// its refund. Required for a limit order, usually Owner.
	OrderSender common.Address
	// Solver is the solver a limit order is exclusive to, written as
	// Recipient is, or OpenFill for an order any solver may fill. Required
	// for a limit order.
	Solver string

	// Catalog, optional, names each chain's contracts: the recipe's spender
	// must be the contract of its operation type (swap: the SwapFacility,
	// ammSwap: the SwapRouter, limitOrder: the OrderBook) on the catalog's
	// EVM chain of ChainID, and the recipe's chain that chain. Nil means
	// asset.Default(), the embedded catalog of M0's deployments; a devnet or
	// a private deployment passes its own.
	Catalog Catalog
	// Now, optional, is the time the deadline must not have passed at;
	// zero means time.Now().
	Now time.Time
	// LatestDeadline, optional, is the latest deadline the caller accepts.
	LatestDeadline time.Time
}

// Verify checks a recipe before it is signed: Check, CheckDeadline at
// want.Now, and that the recipe does what the caller asked (want): the
// permit's token, chain, owner and amount; the spender, which must be the
// catalog's contract for the operation; and the output's recipient, token,
// minimum and, for a limit order, destination chain, sender and solver.
//
// An expectation missing where it applies is a *FieldError naming the
// Expect field; a recipe that differs from want a *MismatchError naming the
// recipe field, with Source "expected"; an expired permit an *ExpiredError;
// a recipe field that does not parse, or disagrees with another, the
// *FieldError or *MismatchError of Check.
func Verify(recipe orchestration.PermitRecipe, want Expect) error {
	c, err := parse(recipe)
	if err != nil {
		return err
	}
	if err := want.complete(c); err != nil {
		return err
	}
	now := want.Now
	if now.IsZero() {
		now = time.Now()
	}
	if err := checkDeadline(c.msg.Deadline, now); err != nil {
		return err
	}
	if c.domain.VerifyingContract != want.Token {
		return mismatch("typedData.domain.verifyingContract", c.domain.VerifyingContract.Hex(), want.Token.Hex())
	}
	if c.domain.ChainID != want.ChainID {
		return mismatch("typedData.domain.chainId", fmt.Sprint(c.domain.ChainID), fmt.Sprint(want.ChainID))
	}
	if c.msg.Owner != want.Owner {
		return mismatch("typedData.message.owner", c.msg.Owner.Hex(), want.Owner.Hex())
	}
	if err := c.trustedSpender(want.Catalog); err != nil {
		return err
	}
	if c.msg.Value.Cmp(want.Amount) != 0 {
		return mismatch("typedData.message.value", c.msg.Value.String(), want.Amount.String())
	}
	if err := expectAccount("Expect.Recipient", want.Recipient, "operation.recipient", c.recipient); err != nil {
		return err
	}
	if err := expectAccount("Expect.TokenOut", want.TokenOut, c.tokenOutField(), c.tokenOut); err != nil {
		return err
	}
	if c.minAmountOut.Cmp(want.MinAmountOut) < 0 {
		return mismatch(c.minAmountOutField(), c.minAmountOut.String(), "at least "+want.MinAmountOut.String())
	}
	if !want.LatestDeadline.IsZero() && c.msg.Deadline.Cmp(big.NewInt(want.LatestDeadline.Unix())) > 0 {
		return mismatch("typedData.message.deadline", c.msg.Deadline.String(), fmt.Sprintf("at most %d", want.LatestDeadline.Unix()))
	}
	if c.order == nil {
		if want.DestChainID != 0 && want.DestChainID != c.recipe.ChainID {
			// A swap pays on its own chain: not the destination asked for.
			return mismatch("chainId", fmt.Sprint(c.recipe.ChainID), fmt.Sprint(want.DestChainID))
		}
		return nil
	}
	if uint64(c.order.DestChainId) != want.DestChainID {
		return mismatch("operation.destChainId", fmt.Sprint(c.order.DestChainId), fmt.Sprint(want.DestChainID))
	}
	if c.order.Sender != want.OrderSender {
		return mismatch("operation.sender", c.order.Sender.Hex(), want.OrderSender.Hex())
	}
	return expectAccount("Expect.Solver", want.Solver, "operation.solver", c.order.Solver)
}

// mismatch is a recipe field that is not what the caller expects.
func mismatch(field, got, want string) error {
	return &MismatchError{Field: field, Got: got, Want: want, Source: "expected"}
}

// complete reports the first expectation missing for the recipe c, naming
// the others missing with it.
func (e Expect) complete(c *call) error {
	type need struct {
		field   string
		missing bool
	}
	required := []need{
		{"Token", e.Token == (common.Address{})},
		{"ChainID", e.ChainID == 0},
		{"Owner", e.Owner == (common.Address{})},
		{"Amount", e.Amount == nil},
		{"Recipient", e.Recipient == ""},
		{"TokenOut", e.TokenOut == ""},
		{"MinAmountOut", e.MinAmountOut == nil},
	}
	if c.order != nil {
		required = append(required,
			need{"DestChainID", e.DestChainID == 0},
			need{"OrderSender", e.OrderSender == (common.Address{})},
			need{"Solver", e.Solver == ""}, // OpenFill states an open fill
		)
	}
	var missing []string
	for _, r := range required {
		if r.missing {
			missing = append(missing, "Expect."+r.field)
		}
	}
	switch {
	case len(missing) == 0:
		return nil
	case len(missing) == 1:
		return &FieldError{Field: missing[0], Err: fmt.Errorf("is required for a %s recipe", c.op)}
	}
	return &FieldError{Field: missing[0], Err: fmt.Errorf("is required for a %s recipe (so are %s)", c.op, strings.Join(missing[1:], ", "))}
}

// trustedSpender checks that the recipe's spender is the contract the
// catalog (asset.Default() if nil) names for its operation type on the
// recipe's chain, found by chain id, and that the recipe names that chain.
func (c *call) trustedSpender(cat Catalog) error {
	if cat == nil {
		cat = asset.Default()
	}
	chain, ok := cat.ChainByID(orchestration.RuntimeEVM, c.recipe.ChainID)
	if !ok {
		return &FieldError{Field: "Expect.Catalog", Err: fmt.Errorf("has no EVM chain of chain id %d", c.recipe.ChainID)}
	}
	if c.recipe.Chain != chain.Name {
		return mismatch("chain", string(c.recipe.Chain), string(chain.Name))
	}
	rule := operationRules[c.op] // parse admits only the operation types of the table
	spender := rule.spender(chain.Contracts)
	if spender == "" {
		return &FieldError{Field: "Expect.Catalog", Err: fmt.Errorf("names no %s contract on %s for %s operations", rule.provider, chain.Name, c.op)}
	}
	if want := common.HexToAddress(spender); c.to != want {
		return mismatch("spender", c.to.Hex(), want.Hex())
	}
	return nil
}

// expectAccount checks the recipe's bytes32 account got (recipe field
// field) against the expected one, written in Expect field from.
func expectAccount(from, expected, field string, got [32]byte) error {
	want, err := expectBytes32(from, expected)
	if err != nil {
		return err
	}
	if got != want {
		return mismatch(field, show32(got), show32(want))
	}
	return nil
}

func (c *call) tokenOutField() string {
	switch {
	case c.swap != nil:
		return "operation.extensionOut"
	default:
		return "operation.tokenOut"
	}
}

func (c *call) minAmountOutField() string {
	switch {
	case c.swap != nil:
		return "operation.amount"
	case c.amm != nil:
		return "operation.amountOutMinimum"
	default:
		return "operation.amountOut"
	}
}

// expectBytes32 reads an expected account or token: an EVM address, a
// bytes32 or a Solana address.
func expectBytes32(field, s string) ([32]byte, error) {
	switch {
	case len(s) == 42 && strings.HasPrefix(s, "0x"):
		a, err := parseAddress(field, s)
		return pad(a), err
	case len(s) == 66 && strings.HasPrefix(s, "0x"):
		return parseBytes32(field, s)
	}
	k, err := orchestration.ParseSVMAddress(s)
	if err != nil {
		return [32]byte{}, &FieldError{Field: field, Value: s, Err: errors.New("must be an EVM address, a bytes32 or a Solana address")}
	}
	return [32]byte(k), nil
}

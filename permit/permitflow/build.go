package permitflow

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/evmgas"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/permit"
	"github.com/m0-orchestration/m0/quote"
)

// PermitBuild takes back signed recipes and encodes each one's call with
// its signature, in order. A recipe must be one this deployment would
// quote: its chain an EVM chain of the catalog with the catalog's chain
// id; its operation one whose provider this deployment runs, called on
// that provider's contract (the spender) with the provider's function
// signature; its token a catalog token with a permit, the permit's
// verifyingContract; and everything Check compares (value, spender,
// deadline and token agree with the operation). It must be, field for
// field (all but the annotation), a recipe PermitQuote issued and the
// ledger still keeps: the signature covers the permit, not the call, so
// nothing else stops a relayed recipe's recipient, amounts or order
// terms from being changed after the quote. Its signature must recover
// to the owner. And it must hold on chain, read in one batch per chain:
// the typed data's domain is the one the token verifies permits over (its
// DOMAIN_SEPARATOR()), the nonce is the owner's next (counting earlier
// recipes of the request), and the deadline has not passed by the chain's
// clock, nor lies past it by more than the horizon and DeadlineSlack.
// Each payload's annotation is permit.Describe's sentence for its calldata,
// never the recipe's.
//
// Errors are *orchestration.Error: BadPermitRequest for more than
// Config.MaxBuildRecipes recipes, or a recipe that is inconsistent, not
// this deployment's or not one issued (the message names
// signedRecipes[i] and the field: for a recipe not issued, the first
// field in which it differs from the closest recipe issued for the same
// owner); PermitExpired when a deadline has passed (a recipe no longer
// kept whose deadline has passed by this process's clock included);
// InvalidPermitSignature for a signature that is not hex, not 65 bytes,
// has a high s or a bad v, or does not recover to the owner over the
// recipe's typed data (so one over another domain); PermitBuildError when
// a chain or the ledger could not be read.
func (b *Builder) PermitBuild(ctx context.Context, req orchestration.PermitBuildRequest) (*orchestration.PermitBuildResponse, error) {
	switch n := len(req.SignedRecipes); {
	case n == 0:
		return nil, orchestration.Errorf(orchestration.BadPermitRequest, "signedRecipes is required")
	case n > b.cfg.MaxBuildRecipes:
		return nil, orchestration.Errorf(orchestration.BadPermitRequest,
			"signedRecipes holds %d recipes; one build takes at most %d", n, b.cfg.MaxBuildRecipes)
	}
	if err := b.bind(ctx, req.SignedRecipes); err != nil {
		return nil, err
	}
	checked := make([]checkedRecipe, len(req.SignedRecipes))
	for i, sr := range req.SignedRecipes {
		c, err := b.check(sr.Recipe)
		if err != nil {
			return nil, recipeError(i, err)
		}
		checked[i] = c
	}
	for i, sr := range req.SignedRecipes {
		c := &checked[i]
		var err error
		if c.signature, err = permit.ParseSignature(sr.Signature); err == nil {
			err = permit.VerifySignature(c.recipe, c.signature)
		}
		if err != nil {
			return nil, recipeError(i, err)
		}
	}
	if err := b.checkOnChain(ctx, checked); err != nil {
		return nil, err
	}
	resp := &orchestration.PermitBuildResponse{RequestID: orchestration.RequestIDFromContext(ctx)}
	for i, c := range checked {
		p, err := permit.EncodeDescribed(b.cfg.Catalog, c.recipe, c.signature)
		if errors.Is(err, permit.ErrUndescribed) {
			// Never a payload whose words are not read from its bytes.
			return nil, orchestration.Wrap(orchestration.PermitBuildError, err,
				fmt.Sprintf("signedRecipes[%d]: the built payload could not be described from its calldata", i))
		}
		if err != nil {
			return nil, recipeError(i, err)
		}
		b.estimateGas(&p)
		resp.Payloads = append(resp.Payloads, p)
		if c.balance != nil && c.balance.Cmp(c.value) < 0 && resp.Issues == nil {
			resp.Issues = &orchestration.PermitIssues{Balance: &orchestration.BalanceIssue{
				Token: c.token.Address, Actual: c.balance.String(), Expected: c.value.String()}}
		}
	}
	return resp, nil
}

// checkedRecipe is a signed recipe that passed the checks that need no
// chain, with what the chain checks need.
type checkedRecipe struct {
	recipe    orchestration.PermitRecipe
	signature []byte
	chain     asset.ChainInfo
	token     asset.AssetInfo
	owner     common.Address
	value     *big.Int
	nonce     *big.Int
	deadline  *big.Int
	reads     evm.PermitReads
	balance   *big.Int // read on chain
}

// check runs the checks that need neither the chain, the ledger nor the
// signature.
func (b *Builder) check(r orchestration.PermitRecipe) (checkedRecipe, error) {
	c := checkedRecipe{recipe: r}
	chain, ok := b.cfg.Catalog.Chain(r.Chain)
	switch {
	case !ok || chain.Runtime != orchestration.RuntimeEVM:
		return c, badField("recipe.chain", "%q is not an EVM chain this deployment serves", orchestration.Clip(string(r.Chain)))
	case r.ChainID != chain.ChainID:
		return c, badField("recipe.chainId", "%d is not %s's chain id %d", r.ChainID, chain.Name, chain.ChainID)
	}
	c.chain = chain
	op := r.Operation.Type()
	provider, spender, ok := permit.OperationContract(op, chain.Contracts)
	switch {
	case !ok:
		return c, badField("recipe.operation.type", "%q is not an operation this deployment builds (swap, ammSwap, limitOrder)", op)
	case r.Provider != provider:
		return c, badField("recipe.provider", "%q is not the provider of %s operations, %s", orchestration.Clip(string(r.Provider)), op, provider)
	case spender == "" || !strings.EqualFold(r.Spender, spender):
		return c, badField("recipe.spender", "%s is not the %s contract on %s", orchestration.Clip(r.Spender), r.Provider, chain.Name)
	case r.Value != "0":
		return c, badField("recipe.value", "%q must be 0: %s calls take no native value", orchestration.Clip(r.Value), op)
	}
	if err := permit.Check(r); err != nil {
		return c, err
	}
	token, err := b.cfg.Catalog.Resolve(orchestration.AssetAddress{Chain: chain.Name, Address: r.TypedData.Domain.VerifyingContract})
	if err != nil || !token.Permit {
		return c, badField("recipe.typedData.domain.verifyingContract", "%s is not a token with a permit on %s",
			orchestration.Clip(r.TypedData.Domain.VerifyingContract), chain.Name)
	}
	c.token = token
	td, err := permit.TypedData(r) // Check parsed it: it does not fail
	if err != nil {
		return c, err
	}
	m := td.Message
	c.owner, c.value, c.nonce, c.deadline = m.Owner, m.Value, m.Nonce, m.Deadline
	c.reads = evm.NewPermitReads(common.HexToAddress(token.Address), c.owner)
	return c, nil
}

// issuedCandidates bounds the recipes issued to one owner that a build
// compares a recipe not issued with, to name the field that differs.
const issuedCandidates = 64

// bind refuses the first recipe that the ledger does not keep as issued,
// before any other check: whatever else is wrong with it, what matters is
// that this service did not issue it so. For one issued and changed since,
// the message names the first field in which it differs from the closest
// recipe issued for the same owner and chain (the fewest fields apart,
// the newest of those).
func (b *Builder) bind(ctx context.Context, signed []orchestration.SignedRecipe) error {
	now := time.Now()
	for i, sr := range signed {
		ok, err := b.cfg.Ledger.Issued(ctx, RecipeDigest(sr.Recipe), now)
		if err != nil {
			return ledgerError(err)
		}
		if !ok {
			return recipeError(i, b.notIssued(ctx, sr.Recipe, now))
		}
	}
	return nil
}

// notIssued says why a recipe the ledger does not keep is refused.
func (b *Builder) notIssued(ctx context.Context, r orchestration.PermitRecipe, now time.Time) error {
	if d, ok := new(big.Int).SetString(r.TypedData.Message.Deadline, 10); ok && d.Cmp(big.NewInt(now.Unix())) < 0 {
		// Forgotten since, or never issued: either way past its use.
		return &orchestration.Error{Code: orchestration.PermitExpired,
			Message: fmt.Sprintf("recipe.typedData.message.deadline %s has passed; re-quote", d)}
	}
	owner, err := orchestration.ParseEVMAddress(r.TypedData.Message.Owner)
	var issued []orchestration.PermitRecipe
	if err == nil {
		if issued, err = b.cfg.Ledger.IssuedTo(ctx, r.ChainID, owner, now, issuedCandidates); err != nil {
			return ledgerError(err)
		}
	}
	if len(issued) == 0 {
		// Nothing to compare with: what else is wrong with it, if
		// anything, says more than "not issued".
		if _, cerr := b.check(r); cerr != nil {
			return cerr
		}
		if err != nil {
			return badField("recipe.typedData.message.owner", "%q is not an EVM address", orchestration.Clip(r.TypedData.Message.Owner))
		}
		return badField("recipe.typedData.message.owner", "%s has no recipe on chain id %d that this service issued and still keeps: build only recipes as POST /permit/quote returned them; re-quote",
			owner.Hex(), r.ChainID)
	}
	got := boundFields(r)
	var (
		fewest     = -1
		field, was string
		value      string
	)
	for _, r := range issued {
		n, f, w := differs(got, boundFields(r))
		if fewest < 0 || n < fewest {
			fewest, field, value, was = n, f.path, f.value, w
		}
	}
	return badField("recipe."+field, "is %q where the recipe this service issued has %q: a recipe is built only as POST /permit/quote returned it (its permit's signature does not cover the call it makes); re-quote",
		orchestration.Clip(value), orchestration.Clip(was))
}

func ledgerError(err error) error {
	return orchestration.Wrap(orchestration.PermitBuildError, err,
		"the ledger of issued recipes could not be read to check the recipes; a retry may succeed")
}

// checkOnChain reads, per chain in one batch, the clock and each recipe's
// token separator, owner nonce and balance, and checks the recipes against
// them.
func (b *Builder) checkOnChain(ctx context.Context, checked []checkedRecipe) error {
	byChain := map[orchestration.Chain][]int{}
	var order []orchestration.Chain
	for i, c := range checked {
		if byChain[c.chain.Name] == nil {
			order = append(order, c.chain.Name)
		}
		byChain[c.chain.Name] = append(byChain[c.chain.Name], i)
	}
	answers, errs := quote.PerChain(ctx, order, func(ctx context.Context, chain orchestration.Chain) (*evm.Answers, error) {
		return b.readChain(ctx, chain, checked, byChain[chain])
	})
	for k, err := range errs {
		if err != nil {
			return &orchestration.Error{Code: orchestration.PermitBuildError, Err: err,
				Message: fmt.Sprintf("%s could not be read to check the permits; a retry may succeed", order[k])}
		}
	}
	used := map[string]int64{} // earlier recipes per token and owner
	for k, chain := range order {
		a := answers[k]
		info, _ := b.cfg.Catalog.Chain(chain)
		now, err := evm.DecodeClock(a, common.HexToAddress(info.Contracts.Multicall3))
		if err != nil {
			return orchestration.Wrap(orchestration.PermitBuildError, err, fmt.Sprintf("%s's clock could not be read", chain))
		}
		for _, i := range byChain[chain] {
			c := &checked[i]
			if err := permit.CheckDeadline(c.recipe, time.Unix(int64(now), 0)); err != nil {
				return &orchestration.Error{Code: orchestration.PermitExpired, Err: err,
					Message: fmt.Sprintf("signedRecipes[%d]: the permit's deadline %s has passed by %s's clock (%d); re-quote",
						i, c.recipe.TypedData.Message.Deadline, chain, now)}
			}
			if latest := int64(now) + int64((b.cfg.Horizon + DeadlineSlack).Seconds()); c.deadline.Cmp(big.NewInt(latest)) > 0 {
				return recipeError(i, badField("recipe.typedData.message.deadline", "%s is past %s's time %d plus the permit horizon %s: this service issues no permit valid so long; re-quote",
					c.deadline, chain, now, b.cfg.Horizon))
			}
			if lo := c.recipe.Operation.LimitOrder; lo != nil && lo.FillDeadline < int64(now) {
				// openOrderWithPermit would revert: the OrderBook takes no
				// order past its fill deadline.
				return &orchestration.Error{Code: orchestration.PermitExpired,
					Message: fmt.Sprintf("signedRecipes[%d]: the order's fill deadline %d has passed by %s's clock (%d); re-quote",
						i, lo.FillDeadline, chain, now)}
			}
			sep, err := c.reads.SeparatorOf(a)
			if err != nil {
				return recipeError(i, badField("recipe.typedData.domain", "%s has no DOMAIN_SEPARATOR(): %v", c.token.Symbol, err))
			}
			if want, err := permit.DomainSeparator(c.recipe.TypedData.Domain); err != nil || want != sep {
				return recipeError(i, badField("recipe.typedData.domain", "is not the domain %s verifies permits over (its DOMAIN_SEPARATOR())", c.token.Symbol))
			}
			next, err := c.reads.NonceOf(a)
			if err != nil {
				return orchestration.Wrap(orchestration.PermitBuildError, err, fmt.Sprintf("the owner's nonce of %s on %s could not be read", c.token.Symbol, chain))
			}
			key := string(chain) + "/" + c.token.Address + "/" + c.owner.Hex()
			next.Add(next, big.NewInt(used[key]))
			used[key]++
			if c.nonce.Cmp(next) != 0 {
				return recipeError(i, badField("recipe.typedData.message.nonce", "is %s, and the owner's next %s nonce is %s (a permit was used since the quote); re-quote",
					c.nonce, c.token.Symbol, next))
			}
			if r, ok := a.Get(balanceCall(c)); ok {
				if bal, err := evm.DecodeUint256(r); err == nil {
					c.balance = bal
				}
			}
		}
	}
	return nil
}

func balanceCall(c *checkedRecipe) evm.Call {
	return evm.ERC20BalanceOf(common.HexToAddress(c.token.Address), c.owner)
}

// readChain reads chain's clock and, for the recipes at idx, the token's
// DOMAIN_SEPARATOR(), the owner's nonce and balance, in one round trip.
func (b *Builder) readChain(ctx context.Context, chain orchestration.Chain, checked []checkedRecipe, idx []int) (*evm.Answers, error) {
	if b.cfg.Reader == nil || !b.cfg.Reader.Has(chain) {
		return nil, fmt.Errorf("no chain reader is configured for %s", chain)
	}
	info, _ := b.cfg.Catalog.Chain(chain)
	if info.Contracts.Multicall3 == "" {
		return nil, fmt.Errorf("%s has no Multicall3 to read the time from", chain)
	}
	calls := []evm.Call{evm.ClockCall(common.HexToAddress(info.Contracts.Multicall3))}
	for _, i := range idx {
		c := &checked[i]
		calls = append(calls, c.reads.DomainSeparator, c.reads.Nonce, balanceCall(c))
	}
	ctx, cancel := context.WithTimeout(ctx, b.cfg.ReadTimeout)
	defer cancel()
	return b.cfg.Reader.Read(ctx, chain, calls)
}

// badField is a BadPermitRequest about one field of a signed recipe.
func badField(field, format string, args ...any) error {
	return &orchestration.Error{Code: orchestration.BadPermitRequest, Message: field + " " + fmt.Sprintf(format, args...)}
}

// recipeError puts signedRecipes[i] before err's message and gives it its
// code: the code of an *orchestration.Error, InvalidPermitSignature for a
// *SignatureError, BadPermitRequest for the rest (an inconsistent recipe).
// Expiry is checked against the chain's clock apart (checkOnChain).
func recipeError(i int, err error) error {
	prefix := fmt.Sprintf("signedRecipes[%d].", i)
	var oe *orchestration.Error
	var se *permit.SignatureError
	switch {
	case errors.As(err, &oe):
		return &orchestration.Error{Code: oe.Code, Message: prefix + oe.Message, Err: oe.Err}
	case errors.As(err, &se):
		return &orchestration.Error{Code: orchestration.InvalidPermitSignature, Err: err,
			Message: prefix + "signature: " + strings.TrimPrefix(se.Error(), "permit: ")}
	default:
		return &orchestration.Error{Code: orchestration.BadPermitRequest, Err: err,
			Message: prefix + "recipe." + strings.TrimPrefix(err.Error(), "permit: ")}
	}
}

// estimateGas sets p's gas from the per-operation table (evm/evmgas), as
// quotes' payloads carry it (decision 90); a call the table does not know
// keeps none. No gas price: building reads no block to price it at.
func (b *Builder) estimateGas(p *orchestration.Payload) {
	ep := p.Data.EVM
	if ep == nil {
		return
	}
	chain, ok := b.cfg.Catalog.Chain(ep.Chain)
	if !ok {
		return
	}
	if gas, ok := evmgas.PayloadGas(chain, ep.To, ep.Data); ok {
		ep.Gas = strconv.FormatUint(gas, 10)
	}
}

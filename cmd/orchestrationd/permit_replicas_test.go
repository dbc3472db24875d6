package main

import (
	"errors"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/cmd/orchestrationd/internal/app"
	"github.com/m0-orchestration/m0/evm"
	"github.com/m0-orchestration/m0/evm/contracts/bindings"
	"github.com/m0-orchestration/m0/evm/devnet"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/orchestration/client"
	"github.com/m0-orchestration/m0/permit"
	"github.com/m0-orchestration/m0/service"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// Two serve replicas on one `orchestrationd devnet` and one database:
// a permit recipe replica a issued builds on replica b, and the payload,
// sent to the chain, pays the recipient; a recipe changed after signing is
// refused by b, naming the field. A third replica on the same database,
// whose permit horizon is a minute where a's is the default 30, refuses
// a's recipe: its deadline lies past any permit it would issue.
func TestReplicasBuildEachOthersPermitRecipes(t *testing.T) {
	if testing.Short() {
		t.Skip("executes transactions on a devnet")
	}
	d := startDevnetCmd(t)
	cfg, err := app.LoadConfig(d.config)
	if err != nil {
		t.Fatal(err)
	}
	// The replicas' store: PostgreSQL, as a deployment of several replicas
	// has, when the tests have one; else a SQLite file they all open.
	cfg.Database.DSN = "sqlite:" + filepath.Join(t.TempDir(), "replicas.db")
	if os.Getenv(storagetest.PostgresDSNEnv) != "" {
		cfg.Database.DSN = storagetest.Postgres(t).DSN
	}
	a := startReplicaOf(t, cfg, nil)
	b := startReplicaOf(t, cfg, nil)
	brief := startReplicaOf(t, cfg, func(sc *service.Config) { sc.Permit.Horizon = time.Minute })
	key, _, err := a.svc.Keys().Create(t.Context(), apikey.NewKey{Name: "integrator"})
	if err != nil {
		t.Fatal(err)
	}
	clientOf := func(r *devnetReplica) *client.Client {
		c, err := client.New(r.url, client.Config{APIKey: key})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	alice, _ := devnet.AccountByName("alice")
	bob, _ := devnet.AccountByName("bob")
	q := sameChainQuote(t, cfg) // wM -> mUSD on Sepolia
	quoteAndSign := func() (orchestration.PermitQuote, orchestration.SignedRecipe) {
		resp, err := clientOf(a).PermitQuote(t.Context(), orchestration.PermitQuoteRequest{QuoteRequest: orchestration.QuoteRequest{
			Route: q.Route, AmountIn: q.AmountIn, Sender: alice.Address.Hex(), Recipient: bob.Address.Hex()}})
		if err != nil {
			t.Fatalf("permit quote on a: %v", err)
		}
		pq := resp.Quotes[0]
		sig, err := permit.Sign(t.Context(), pq.Recipes[0], permit.KeyTypedDataSigner(alice.Key))
		if err != nil {
			t.Fatal(err)
		}
		return pq, orchestration.SignedRecipe{Recipe: pq.Recipes[0], Signature: hexutil.Encode(sig)}
	}
	wantRefusal := func(what string, err error, code orchestration.Code, inMsg string) {
		t.Helper()
		var oe *orchestration.Error
		if !errors.As(err, &oe) || oe.Code != code || !strings.Contains(oe.Message, inMsg) {
			t.Errorf("%s: %v, want %s naming %q", what, err, code, inMsg)
		}
	}

	pq, signed := quoteAndSign()
	changed := signed
	op := *signed.Recipe.Operation.Swap
	op.Recipient = "0x000000000000000000000000000000000000dEaD"
	changed.Recipe.Operation.Swap = &op
	_, err = clientOf(b).PermitBuild(t.Context(), orchestration.PermitBuildRequest{SignedRecipes: []orchestration.SignedRecipe{changed}})
	wantRefusal("a recipient changed after signing, on b", err, orchestration.BadPermitRequest, "recipe.operation.recipient")
	_, err = clientOf(brief).PermitBuild(t.Context(), orchestration.PermitBuildRequest{SignedRecipes: []orchestration.SignedRecipe{signed}})
	wantRefusal("a's 30-minute permit on a replica with a one-minute horizon", err, orchestration.BadPermitRequest, "plus the permit horizon 1m0s")

	built, err := clientOf(b).PermitBuild(t.Context(), orchestration.PermitBuildRequest{SignedRecipes: []orchestration.SignedRecipe{signed}})
	if err != nil {
		t.Fatalf("a's recipe built on b: %v", err)
	}
	node, err := ethclient.Dial(cfg.RPC[orchestration.Sepolia])
	if err != nil {
		t.Fatal(err)
	}
	defer node.Close()
	musd, _ := bindings.NewMToken(common.HexToAddress(q.Route.Destination.Address), node)
	before, err := musd.BalanceOf(nil, bob.Address)
	if err != nil {
		t.Fatal(err)
	}
	ex := &evm.Executor{Clients: map[orchestration.Chain]evm.TxBackend{orchestration.Sepolia: node}, Signer: evm.KeySigner(alice.Key)}
	if _, err := ex.Execute(t.Context(), built.Payloads); err != nil {
		t.Fatalf("the payload b built: %v", err)
	}
	after, err := musd.BalanceOf(nil, bob.Address)
	if err != nil {
		t.Fatal(err)
	}
	if got := new(big.Int).Sub(after, before); got.String() != pq.AmountOut {
		t.Errorf("bob received %s mUSD units, want the quoted %s", got, pq.AmountOut)
	}
}

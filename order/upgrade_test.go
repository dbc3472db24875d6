package order_test

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/m0-orchestration/m0/asset"
	"github.com/m0-orchestration/m0/evm/evmorders"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/order"
	"github.com/m0-orchestration/m0/order/ordertest"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// oldMigrations are storage's migrations as commit 3c1e9e4 recorded them,
// when the order index's tables were its versions 4 to 6: each file as it
// is today, held to the SHA-256 it had then, so that the database built is
// the one that code made without a copy of the files (a released migration
// never changes; one that did would fail here first). A file with a
// dialect ("postgres", "sqlite") applies to that dialect only.
var oldMigrations = []struct {
	version       int
	name, dialect string
	path, sha256  string
}{
	{1, "api_keys", "", "../storage/migrations/0001_api_keys.sql", "5ada269071be19e39324c337f90fd150ca523d18bdb60d8d8b2dcd93fdebefcf"},
	{2, "topology", "", "../storage/migrations/0002_topology.sql", "d47e926a2a6cf6b20bf455736a782aef4a5d0e0e19d9b54d0781d09d6f133cba"},
	{3, "api_key_rate_limits", "", "../storage/migrations/0003_api_key_rate_limits.sql", "371e5d5e02c6d8565531a62e9bc855160ad9081e35f13623c4b11abe370facc7"},
	{4, "order_index", "", "migrations/0001_order_index.sql", "45623f28653cbd18596010fdcc7be2946bf71675e4c6aa25cd7364a196da369f"},
	{5, "order_counts", "postgres", "migrations/0002_order_counts.postgres.sql", "c6234fe8c866bffba131ab35036caf20f17702ba52549bf127810465873ee13b"},
	{5, "order_counts", "sqlite", "migrations/0002_order_counts.sqlite.sql", "ead215d597406bc12ba7ef5f6585b5b9c29b7db7b042d111bdc7ad2b2d29f229"},
	{6, "order_versions", "", "migrations/0003_order_versions.sql", "6131d07d6703ac3b8b0679e3b498be0efe3b4a036a280a50ca6ec6055c5864a7"},
	{7, "permit_recipes", "", "../storage/migrations/0007_permit_recipes.sql", "2fdbcf324f15ab99cf9a4c86823c96ffdc2aff84fb668a410e2440bad9ad611a"},
}

// What the index of 3c1e9e4 wrote, as it wrote it: ids and hashes in
// lowercase hex, EVM addresses in EIP-55, bytes32 accounts in hex.
const (
	oldSender   = "0x8457F3072F04a4b00E2ce48D36e57203bE0Bf554"
	oldSolver   = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
	oldTokenIn  = "0x80352A3f6085E0dc998c74fFc764b0CA9694a29D"
	oldTokenOut = "0x000000000000000000000000a6ba678daac9ed7ac6085b239c52958662897ac1"
	oldZero32   = "0x0000000000000000000000000000000000000000000000000000000000000000"
	oldFilledID = "0x00000000000000000000000000000000000000000000000000000000000a0001"
	oldOpenID   = "0x00000000000000000000000000000000000000000000000000000000000a0002"
	oldTx       = "0x1111111111111111111111111111111111111111111111111111111111111111"
	oldFillTx   = "0x2222222222222222222222222222222222222222222222222222222222222222"
	oldBlock    = "0x3333333333333333333333333333333333333333333333333333333333333333"
)

// buildOldDatabase makes the database cfg names as the code of 3c1e9e4 left
// it: its migrations applied and recorded, and two Sepolia orders indexed
// (one filled and completed, one open for BaseSepolia) with the statements
// that code wrote them with.
func buildOldDatabase(t *testing.T, cfg storage.Config) {
	t.Helper()
	var raw *sql.DB
	var err error
	dialect := "postgres"
	if path, ok := strings.CutPrefix(cfg.DSN, "sqlite:"); ok {
		dialect = "sqlite"
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		raw, err = sql.Open("sqlite", path)
	} else {
		raw, err = sql.Open("pgx", cfg.DSN)
	}
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	ctx := t.Context()
	exec := func(q string, args ...any) {
		t.Helper()
		if dialect == "postgres" {
			for i := 1; strings.Contains(q, "?"); i++ {
				q = strings.Replace(q, "?", "$"+strconv.Itoa(i), 1)
			}
		}
		if _, err := raw.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec(`CREATE TABLE schema_migrations (version INTEGER NOT NULL PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)`)
	for _, m := range oldMigrations {
		if m.dialect != "" && m.dialect != dialect {
			continue
		}
		text, err := os.ReadFile(m.path)
		if err != nil {
			t.Fatal(err)
		}
		if sum := sha256.Sum256(text); hex.EncodeToString(sum[:]) != m.sha256 {
			t.Fatalf("%s is not the migration %d (%s) of 3c1e9e4: a released migration changed", m.path, m.version, m.name)
		}
		exec(string(text))
		exec(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)`, m.version, m.name, time.Now().UnixMicro())
	}

	// The indexer's writes (order/store.go at 3c1e9e4): the chain's
	// checkpoint and kept hash, the openings, the events, the fold, the
	// counts and the change number.
	exec(`INSERT INTO order_index_chains (chain_id, next_block, holder, lease_until, updated_at) VALUES (?, ?, '', 0, ?)`, 11155111, 100, 1)
	exec(`INSERT INTO order_index_blocks (chain_id, number, hash) VALUES (?, ?, ?)`, 11155111, 99, oldBlock)
	open := `INSERT INTO orders (order_id, origin_chain_id, open_block, open_log_index, open_block_hash, open_tx,
			created_at, sender, funder, token_in, amount_in, dest_chain_id, token_out, amount_out, solver, fill_deadline,
			status, amount_out_filled, fill_count, amount_in_released, fill_report_count, amount_refunded, resolved_at, version)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '0', 0, '0', 0, '0', NULL, ?)`
	exec(open, oldFilledID, 11155111, 10, 0, oldBlock, oldTx, 1_700_000_100, oldSender, oldSender, oldTokenIn, "1000",
		11155111, oldTokenOut, "900", oldZero32, 2_000_000_000, "CREATED", 1)
	exec(open, oldOpenID, 11155111, 20, 1, oldBlock, oldTx, 1_700_000_200, oldSender, oldSender, oldTokenIn, "500",
		84532, oldTokenOut, "450", oldZero32, 2_000_000_000, "CREATED", 2)
	event := `INSERT INTO order_events (chain_id, block_number, log_index, block_hash, block_time, tx_hash,
			kind, order_id, account, amount_in, amount_out) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	exec(event, 11155111, 30, 0, oldBlock, 1_700_000_300, oldFillTx, "filled", oldFilledID, oldSolver, "1000", "900")
	exec(event, 11155111, 30, 1, oldBlock, 1_700_000_300, oldFillTx, "completed", oldFilledID, "", "0", "0")
	exec(`UPDATE orders SET status = ?, amount_out_filled = ?, fill_count = ?, amount_in_released = ?,
			fill_report_count = ?, amount_refunded = ?, resolved_at = ?, version = ? WHERE order_id = ?`,
		"COMPLETED", "900", 1, "1000", 0, "0", 1_700_000_300, 3, oldFilledID)
	for _, q := range []string{
		`INSERT INTO order_counts (status, origin_chain_id, dest_chain_id, n)
			SELECT status, origin_chain_id, dest_chain_id, SUM(d) FROM order_count_deltas WHERE true
			GROUP BY status, origin_chain_id, dest_chain_id
			ON CONFLICT (status, origin_chain_id, dest_chain_id) DO UPDATE SET n = order_counts.n + excluded.n`,
		`INSERT INTO order_sender_counts (sender, status, origin_chain_id, dest_chain_id, n)
			SELECT sender, status, origin_chain_id, dest_chain_id, SUM(d) FROM order_count_deltas WHERE true
			GROUP BY sender, status, origin_chain_id, dest_chain_id
			ON CONFLICT (sender, status, origin_chain_id, dest_chain_id) DO UPDATE SET n = order_sender_counts.n + excluded.n`,
		`DELETE FROM order_counts WHERE n = 0`,
		`DELETE FROM order_sender_counts WHERE n = 0`,
		`DELETE FROM order_count_deltas`,
		`UPDATE order_index_changes SET n = 3`,
	} {
		exec(q)
	}
}

// TestIndexOfAnEarlierSchema: a database whose order index the code of
// 3c1e9e4 made (its tables storage's migrations 0004 to 0006) opens with
// today's, which takes those migrations as its own versions 1 to 3 without
// running them again (and runs its later ones), and answers GET /orders and an order's indexed
// fields from what was written then; the indexer writes on over it.
func TestIndexOfAnEarlierSchema(t *testing.T) {
	storagetest.ForEach(t, func(t *testing.T, newConfig func(*testing.T) storage.Config) {
		cfg := newConfig(t)
		if cfg.DSN == "sqlite::memory:" {
			t.Skip("an in-memory database does not outlive its connection")
		}
		buildOldDatabase(t, cfg)
		db := storagetest.Open(t, cfg)
		var versions []int
		rows, err := db.QueryContext(t.Context(), `SELECT version FROM order_schema_migrations ORDER BY version`)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var v int
			if err := rows.Scan(&v); err != nil {
				t.Fatal(err)
			}
			versions = append(versions, v)
		}
		rows.Close()
		// 1 to 3 adopted, 4 and 5 (the listing's indexes, decision 97) run.
		if !slices.Equal(versions, []int{1, 2, 3, 4, 5}) {
			t.Errorf("order's migrations recorded %v, want 1, 2, 3 (adopted), 4 and 5", versions)
		}

		store := order.NewStore(db)
		svc, err := order.New(order.Config{Catalog: asset.Default(), Index: store,
			Books: map[orchestration.ChainRuntime]order.Book{orchestration.RuntimeEVM: evmorders.New(nil)}})
		if err != nil {
			t.Fatal(err)
		}
		list, err := svc.Orders(t.Context(), orchestration.OrdersQuery{Sender: strings.ToLower(oldSender)})
		if err != nil {
			t.Fatal(err)
		}
		if list.Total != 2 || len(list.Orders) != 2 || list.Orders[0].OrderID != oldOpenID || list.Orders[1].OrderID != oldFilledID {
			t.Fatalf("Orders = %+v, want the two orders, newest first", list)
		}
		if s := list.Orders[1]; s.Status != orchestration.OrderCompleted || s.Sender != oldSender || s.TokenIn != oldTokenIn ||
			s.TokenOut != "0xa6Ba678daAC9Ed7ac6085B239c52958662897ac1" || s.DesignatedSolver != "0x0000000000000000000000000000000000000000" ||
			s.OpenTx != oldTx || s.FillCount != 1 || s.AmountOutFilled != "900" || s.ResolvedAt == nil || *s.ResolvedAt != 1_700_000_300 {
			t.Errorf("the completed order: %+v", s)
		}
		done := orchestration.OrderCompleted
		if l, err := svc.Orders(t.Context(), orchestration.OrdersQuery{Status: done}); err != nil || l.Total != 1 {
			t.Errorf("COMPLETED orders: %+v, %v; want the one", l, err)
		}
		r, fills, err := store.Order(t.Context(), mustID(t, oldFilledID))
		if err != nil {
			t.Fatal(err)
		}
		if r.Funder != oldSender || len(fills) != 1 || fills[0].Solver != oldSolver || fills[0].Tx != oldFillTx {
			t.Errorf("the filled order's record %+v and fills %+v", r, fills)
		}

		// The indexer goes on from the checkpoint written then.
		slots := make([]pretendSlot, 101)
		for i := range slots {
			slots[i].hash = "old"
		}
		slots[99].hash = oldBlock
		newID := order.ID{31: 3}
		slots[100] = pretendSlot{hash: "new", events: []order.Event{{ChainID: 11155111, Block: 100, BlockHash: "new",
			BlockTime: 1_700_000_400, Tx: oldTx, Kind: order.Opened, OrderID: newID, AmountIn: new(big.Int), AmountOut: new(big.Int),
			Opened: &order.OpenedOrder{Funder: oldSender, Sender: oldSender, TokenIn: oldTokenIn, AmountIn: big.NewInt(7),
				DestChainID: 11155111, AmountOut: big.NewInt(6), FillDeadline: 2_000_000_000}}}}
		src := &pretendSource{chainID: 11155111, slots: slots}
		ordertest.Start(t, ordertest.FastConfig(store, order.IndexChain{Name: orchestration.Sepolia, ChainID: 11155111, Events: src}))
		ordertest.WaitIndexed(t, store, map[uint64]uint64{11155111: 100})
		ctx, cancel := context.WithTimeout(t.Context(), ordertest.WaitFor)
		defer cancel()
		if l, err := svc.Orders(ctx, orchestration.OrdersQuery{Sender: oldSender}); err != nil || l.Total != 3 || l.Orders[0].OrderID != newID.String() {
			t.Errorf("after indexing on: %+v, %v; want three orders, the new one first", l, err)
		}
	})
}

func mustID(t *testing.T, s string) order.ID {
	t.Helper()
	id, err := order.ParseID(s)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

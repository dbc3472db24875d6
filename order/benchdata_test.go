package order

import (
	"cmp"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"fmt"
	"iter"
	"math/big"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/jackc/pgx/v5"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// The generated order index of the list benchmarks. It is built once per
// database and kept (a PostgreSQL schema, a SQLite file in the user's
// cache directory) with a row saying what was generated, so that later
// runs start at once; a change to the generator bumps benchDataVersion,
// which builds it again.
const (
	benchEnv         = "ORCHESTRATION_BENCH_ORDERS"
	benchDataVersion = 2
	benchSchema      = "bench_orders"
	benchPostgresN   = 1_000_000
	benchSQLiteN     = 100_000
	benchSeed        = 15
	benchBaseTime    = 1_735_689_600 // 2025-01-01
)

// benchChains are the chain ids orders are opened on and sent to, with
// the share of orders each origin has (in percent).
var benchChains = []struct {
	id    uint64
	share int
}{{1, 35}, {8453, 25}, {42161, 20}, {10, 10}, {137, 5}, {56, 5}}

// benchHot is the share (per thousand) of all orders each hot sender opens:
// a few integrators open a third of the orders; the rest come from many
// wallets with a handful each.
var benchHot = []int{100, 80, 60, 40, 20}

// benchSender returns the EIP-55 address of sender i (hot senders first).
func benchSender(i int) string { return benchAddress("sender", i) }

func benchAddress(kind string, i int) string {
	h := sha256.Sum256(fmt.Appendf(nil, "%s-%d", kind, i))
	return common.BytesToAddress(h[:20]).Hex()
}

// genOrder is one generated order: its orders row as the indexer writes it
// and its other events.
type genOrder struct {
	rec    Record
	hash   string // open_block_hash
	log    int64  // open_log_index
	events []genEvent
}

type genEvent struct {
	chainID, block, logIndex, time int64
	blockHash, tx, kind, account   string
	amountIn, amountOut            *big.Int
}

// benchOrders generates n orders, oldest first, the same for the same n:
// many senders and a few hot ones, every status, six chains, cross-chain
// and same-chain orders, one or two fills for the filled ones, refunds for
// some cancelled ones. Statuses and amounts are folded from the events as
// the indexer folds them.
func benchOrders(n int) iter.Seq[*genOrder] {
	return func(yield func(*genOrder) bool) {
		rng := rand.New(rand.NewPCG(benchSeed, uint64(n)))
		wallets := max(n/5, 1)
		block := map[uint64]int64{} // per chain: the last block used
		nextBlock := func(chain uint64) int64 {
			block[chain]++
			return block[chain] + 10_000_000
		}
		hexOf := func() string {
			var b [32]byte
			binary.LittleEndian.PutUint64(b[0:], rng.Uint64())
			binary.LittleEndian.PutUint64(b[8:], rng.Uint64())
			binary.LittleEndian.PutUint64(b[16:], rng.Uint64())
			binary.LittleEndian.PutUint64(b[24:], rng.Uint64())
			return common.Hash(b).Hex()
		}
		pickChain := func() uint64 {
			r := rng.IntN(100)
			for _, c := range benchChains {
				if r < c.share {
					return c.id
				}
				r -= c.share
			}
			return benchChains[0].id
		}
		for i := range n {
			// About three orders a block-time of 12 s: orders share
			// seconds, so the orderId tie-break matters.
			created := int64(benchBaseTime + (i/3)*12 + rng.IntN(3))
			origin := pickChain()
			dest := pickChain()
			if dest == origin && rng.IntN(3) > 0 {
				dest = benchChains[(slices.IndexFunc(benchChains, func(c struct {
					id    uint64
					share int
				}) bool {
					return c.id == origin
				})+1)%len(benchChains)].id
			}
			sender := -1
			r := rng.IntN(1000)
			for h, share := range benchHot {
				if r < share {
					sender = h
					break
				}
				r -= share
			}
			if sender < 0 {
				sender = len(benchHot) + rng.IntN(wallets)
			}
			funder := benchSender(sender)
			if rng.IntN(10) == 0 {
				funder = benchAddress("funder", rng.IntN(1000))
			}
			amountIn := new(big.Int).Mul(big.NewInt(rng.Int64N(1_000_000)+1), big.NewInt(1_000_000))
			amountOut := new(big.Int).Sub(amountIn, big.NewInt(rng.Int64N(1000)))
			var solver [32]byte
			if rng.IntN(4) == 0 {
				solver = common.HexToHash(benchAddress("solver", rng.IntN(10)))
			}
			openBlock := nextBlock(origin)
			o := &genOrder{
				rec: Record{
					OrderID: ID(common.HexToHash(hexOf())), OriginChainID: origin, OpenBlock: uint64(openBlock),
					OpenTx: common.HexToHash(hexOf()).Hex(), CreatedAt: created, Sender: common.HexToAddress(benchSender(sender)).Hex(),
					Funder: common.HexToAddress(funder).Hex(), TokenIn: common.HexToAddress(benchAddress("token", int(origin))).Hex(),
					AmountIn: amountIn, DestChainID: dest, TokenOut: common.HexToHash(benchAddress("token", int(dest))),
					AmountOut: amountOut, Solver: solver, FillDeadline: created + 3600,
				},
				hash: hexOf(), log: int64(rng.IntN(200)),
			}
			at := created
			add := func(chain uint64, kind, account string, in, out *big.Int) {
				at += 12 + int64(rng.IntN(120))
				if in == nil {
					in, out = new(big.Int), new(big.Int)
				}
				o.events = append(o.events, genEvent{chainID: int64(chain), block: nextBlock(chain), logIndex: int64(rng.IntN(200)),
					time: at, blockHash: hexOf(), tx: hexOf(), kind: kind, account: account, amountIn: in, amountOut: out})
			}
			solverAcct := benchAddress("solver", rng.IntN(10))
			same := origin == dest
			fill := func(in, out *big.Int) {
				add(dest, string(Filled), solverAcct, in, out)
				if !same {
					add(origin, string(FillReported), benchSender(sender), in, out)
				}
			}
			// The newest orders are still open more often.
			recent := i >= n-n/50
			switch r := rng.IntN(100); {
			case recent && r < 60, !recent && r < 8: // open, maybe partly filled
				if rng.IntN(10) == 0 {
					half := new(big.Int).Rsh(amountIn, 1)
					add(dest, string(Filled), solverAcct, half, new(big.Int).Rsh(amountOut, 1))
				}
			case r < 20: // cancelled, refunded mostly
				if same {
					add(origin, string(Cancelled), "", nil, nil)
				} else {
					add(dest, string(Cancelled), "", nil, nil)
					add(origin, string(CancelReported), "", nil, nil)
				}
				if rng.IntN(10) < 7 {
					add(origin, string(RefundClaimed), benchSender(sender), new(big.Int).Set(amountIn), new(big.Int))
				}
			default: // completed, in two fills one time in five
				if rng.IntN(5) == 0 {
					in1, out1 := new(big.Int).Rsh(amountIn, 1), new(big.Int).Rsh(amountOut, 1)
					fill(in1, out1)
					fill(new(big.Int).Sub(amountIn, in1), new(big.Int).Sub(amountOut, out1))
				} else {
					fill(amountIn, amountOut)
				}
				if same {
					add(origin, string(Completed), "", nil, nil)
				} else {
					add(dest, string(Completed), "", nil, nil)
					add(origin, string(Completed), "", nil, nil)
				}
			}
			evs := make([]storedEvent, len(o.events))
			sorted := slices.Clone(o.events)
			slices.SortFunc(sorted, func(a, b genEvent) int {
				return cmp.Or(cmp.Compare(a.chainID, b.chainID), cmp.Compare(a.block, b.block), cmp.Compare(a.logIndex, b.logIndex))
			})
			for j, e := range sorted {
				evs[j] = storedEvent{chainID: uint64(e.chainID), time: e.time, kind: EventKind(e.kind), amountIn: e.amountIn, amountOut: e.amountOut}
			}
			f := fold(origin, dest, evs)
			o.rec.Status = orchestration.OrderStatus(f.status)
			o.rec.AmountOutFilled, _ = new(big.Int).SetString(f.amountOutFilled, 10)
			o.rec.FillCount = f.fillCount
			o.rec.AmountInReleased, _ = new(big.Int).SetString(f.amountInReleased, 10)
			o.rec.FillReportCount = f.fillReportCount
			o.rec.AmountRefunded, _ = new(big.Int).SetString(f.amountRefunded, 10)
			o.rec.ResolvedAt = f.resolvedAt
			if !yield(o) {
				return
			}
		}
	}
}

// orderRow is o's orders row, in the column order of orderCopyColumns.
func (o *genOrder) orderRow() []any {
	r := &o.rec
	var resolved any
	if r.ResolvedAt != nil {
		resolved = *r.ResolvedAt
	}
	return []any{r.OrderID.String(), int64(r.OriginChainID), int64(r.OpenBlock), o.log, o.hash, r.OpenTx, r.CreatedAt,
		r.Sender, r.Funder, r.TokenIn, r.AmountIn.String(), int64(r.DestChainID),
		hex32(r.TokenOut), r.AmountOut.String(), hex32(r.Solver), r.FillDeadline,
		string(r.Status), r.AmountOutFilled.String(), int64(r.FillCount), r.AmountInReleased.String(),
		int64(r.FillReportCount), r.AmountRefunded.String(), resolved}
}

var orderCopyColumns = []string{"order_id", "origin_chain_id", "open_block", "open_log_index", "open_block_hash", "open_tx",
	"created_at", "sender", "funder", "token_in", "amount_in", "dest_chain_id", "token_out", "amount_out", "solver",
	"fill_deadline", "status", "amount_out_filled", "fill_count", "amount_in_released", "fill_report_count",
	"amount_refunded", "resolved_at"}

func (e *genEvent) row(orderID string) []any {
	return []any{e.chainID, e.block, e.logIndex, e.blockHash, e.time, e.tx, e.kind, orderID, e.account,
		e.amountIn.String(), e.amountOut.String()}
}

var eventCopyColumns = []string{"chain_id", "block_number", "log_index", "block_hash", "block_time", "tx_hash", "kind",
	"order_id", "account", "amount_in", "amount_out"}

// benchDB is a database holding the generated orders, and the
// database/sql handle under it, for the hand-written queries: the same
// connections and settings, without Store.
type benchDB struct {
	name  string
	n     int
	db    *storage.DB
	plain *sql.DB
}

// benchGuard skips b unless the benchmarks over generated orders were asked
// for: building the data takes minutes the first time.
func benchGuard(b *testing.B) {
	b.Helper()
	if os.Getenv(benchEnv) == "" {
		b.Skip(benchEnv + " is not set; set it to 1 to run the benchmarks over generated orders (the first run generates them)")
	}
}

// benchPostgres opens (building it the first time) the schema
// bench_orders of the database ORCHESTRATION_TEST_POSTGRES_DSN names,
// holding benchPostgresN orders. Tests never use that schema.
func benchPostgres(b *testing.B) *benchDB {
	b.Helper()
	dsn := os.Getenv(storagetest.PostgresDSNEnv)
	if dsn == "" {
		b.Skip(storagetest.PostgresDSNEnv + " is not set")
	}
	u, err := url.Parse(dsn)
	if err != nil {
		b.Fatalf("%s is not a URL", storagetest.PostgresDSNEnv)
	}
	ctx := context.Background()
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		b.Fatal(err)
	}
	defer admin.Close()
	q := u.Query()
	q.Set("search_path", benchSchema)
	u.RawQuery = q.Encode()
	dsn = u.String()
	if !benchCurrent(ctx, admin, benchSchema+".bench_meta", benchPostgresN) {
		b.Logf("generating %d orders in schema %s (once; later runs reuse them)", benchPostgresN, benchSchema)
		start := time.Now()
		for _, s := range []string{`DROP SCHEMA IF EXISTS ` + benchSchema + ` CASCADE`, `CREATE SCHEMA ` + benchSchema} {
			if _, err := admin.ExecContext(ctx, s); err != nil {
				b.Fatal(err)
			}
		}
		db, err := storage.Open(ctx, storage.Config{DSN: dsn})
		if err != nil {
			b.Fatal(err)
		}
		if err := loadPostgres(ctx, dsn, benchPostgresN); err != nil {
			b.Fatal(err)
		}
		// The copy's triggers left a delta per order: fold them as the
		// indexer does.
		if err := db.WithTx(ctx, func(tx *storage.Tx) error { return foldCounts(ctx, tx) }); err != nil {
			b.Fatal(err)
		}
		db.Close()
		for _, s := range []string{`VACUUM ANALYZE ` + benchSchema + `.orders`, `VACUUM ANALYZE ` + benchSchema + `.order_events`,
			`CREATE TABLE ` + benchSchema + `.bench_meta (version BIGINT NOT NULL, n BIGINT NOT NULL)`,
			`INSERT INTO ` + benchSchema + `.bench_meta VALUES (` + strconv.Itoa(benchDataVersion) + `, ` + strconv.Itoa(benchPostgresN) + `)`} {
			if _, err := admin.ExecContext(ctx, s); err != nil {
				b.Fatal(err)
			}
		}
		b.Logf("generated in %s", time.Since(start).Round(time.Second))
	}
	db, err := storage.Open(ctx, storage.Config{DSN: dsn}) // migrates: a new index is built here
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	return &benchDB{name: "postgres", n: benchPostgresN, db: db, plain: db.SQL()}
}

// benchCurrent reports whether table says the generated data of this
// version with n orders is there.
func benchCurrent(ctx context.Context, db *sql.DB, table string, n int) bool {
	var version, have int
	err := db.QueryRowContext(ctx, `SELECT version, n FROM `+table).Scan(&version, &have)
	return err == nil && version == benchDataVersion && have == n
}

// loadPostgres copies n generated orders and their events into the
// (migrated, empty) schema dsn names.
func loadPostgres(ctx context.Context, dsn string, n int) error {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	next, stop := iter.Pull(benchOrders(n))
	_, err = conn.CopyFrom(ctx, pgx.Identifier{"orders"}, orderCopyColumns, pgx.CopyFromFunc(func() ([]any, error) {
		o, ok := next()
		if !ok {
			return nil, nil
		}
		return o.orderRow(), nil
	}))
	stop()
	if err != nil {
		return fmt.Errorf("copy orders: %w", err)
	}
	next, stop = iter.Pull(benchOrders(n))
	defer stop()
	var cur *genOrder
	var at int
	_, err = conn.CopyFrom(ctx, pgx.Identifier{"order_events"}, eventCopyColumns, pgx.CopyFromFunc(func() ([]any, error) {
		for cur == nil || at == len(cur.events) {
			o, ok := next()
			if !ok {
				return nil, nil
			}
			cur, at = o, 0
		}
		at++
		return cur.events[at-1].row(cur.rec.OrderID.String()), nil
	}))
	if err != nil {
		return fmt.Errorf("copy events: %w", err)
	}
	return nil
}

// benchSQLite opens (building it the first time) a SQLite file in the
// user's cache directory holding benchSQLiteN orders.
func benchSQLite(b *testing.B) *benchDB {
	b.Helper()
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	path := filepath.Join(dir, "m0-orchestration-bench", fmt.Sprintf("orders-%d.db", benchSQLiteN))
	ctx := context.Background()
	db, err := storage.Open(ctx, storage.Config{DSN: "sqlite:" + path})
	if err != nil {
		b.Fatal(err)
	}
	if !benchCurrent(ctx, db.SQL(), "bench_meta", benchSQLiteN) {
		db.Close()
		b.Logf("generating %d orders in %s (once; later runs reuse them)", benchSQLiteN, path)
		start := time.Now()
		for _, suffix := range []string{"", "-wal", "-shm"} {
			if err := os.Remove(path + suffix); err != nil && !os.IsNotExist(err) {
				b.Fatal(err)
			}
		}
		if db, err = storage.Open(ctx, storage.Config{DSN: "sqlite:" + path}); err != nil {
			b.Fatal(err)
		}
		if err := loadSQLite(ctx, db, benchSQLiteN); err != nil {
			db.Close()
			b.Fatal(err)
		}
		for _, s := range []string{`ANALYZE`, `CREATE TABLE bench_meta (version BIGINT NOT NULL, n BIGINT NOT NULL)`,
			`INSERT INTO bench_meta VALUES (` + strconv.Itoa(benchDataVersion) + `, ` + strconv.Itoa(benchSQLiteN) + `)`} {
			if _, err := db.ExecContext(ctx, s); err != nil {
				db.Close()
				b.Fatal(err)
			}
		}
		b.Logf("generated in %s", time.Since(start).Round(time.Second))
	}
	b.Cleanup(func() { db.Close() })
	return &benchDB{name: "sqlite", n: benchSQLiteN, db: db, plain: db.SQL()}
}

// loadSQLite inserts n generated orders and their events in one
// transaction.
func loadSQLite(ctx context.Context, db *storage.DB, n int) error {
	insert := func(table string, cols []string) string {
		q := "INSERT INTO " + table + " (" + cols[0]
		for _, c := range cols[1:] {
			q += ", " + c
		}
		q += ") VALUES (?"
		for range cols[1:] {
			q += ", ?"
		}
		return q + ")"
	}
	return db.WithTx(ctx, func(tx *storage.Tx) error {
		orders, events := insert("orders", orderCopyColumns), insert("order_events", eventCopyColumns)
		for o := range benchOrders(n) {
			if _, err := tx.ExecContext(ctx, orders, o.orderRow()...); err != nil {
				return err
			}
			for _, e := range o.events {
				if _, err := tx.ExecContext(ctx, events, e.row(o.rec.OrderID.String())...); err != nil {
					return err
				}
			}
		}
		return foldCounts(ctx, tx)
	})
}

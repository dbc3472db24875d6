package storage_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"golang.org/x/sync/errgroup"

	"github.com/m0-orchestration/m0/storage"
	"github.com/m0-orchestration/m0/storage/storagetest"
)

// withTxPanic runs WithTx with fn and returns what it panicked with, nil
// if it did not.
func withTxPanic(db *storage.DB, fn func(*storage.Tx) error) (p any) {
	defer func() { p = recover() }()
	_ = db.WithTx(context.Background(), fn)
	return nil
}

// A function given AfterCommit that panics does not keep the later ones
// from running; WithTx panics with its value once they have.
func TestAfterCommitRunsEveryFunctionDespitePanics(t *testing.T) {
	db := storagetest.Open(t, storagetest.SQLiteMemory(t))
	var ran []string
	p := withTxPanic(db, func(tx *storage.Tx) error {
		tx.AfterCommit(func() { ran = append(ran, "first") })
		tx.AfterCommit(func() { panic("second fails") })
		tx.AfterCommit(func() { ran = append(ran, "third") })
		tx.AfterCommit(func() { panic("fourth fails") })
		return nil
	})
	if p != "second fails" {
		t.Errorf("WithTx panicked with %v, want the first panic's value", p)
	}
	if fmt.Sprint(ran) != "[first third]" {
		t.Errorf("ran %v, want [first third]", ran)
	}
}

// AfterCommit called once the transaction's function returned panics
// rather than dropping its function unseen.
func TestAfterCommitAfterTheFunctionReturnedPanics(t *testing.T) {
	db := storagetest.Open(t, storagetest.SQLiteMemory(t))
	t.Run("from a function given AfterCommit", func(t *testing.T) {
		late := false
		p := withTxPanic(db, func(tx *storage.Tx) error {
			tx.AfterCommit(func() { tx.AfterCommit(func() { late = true }) })
			return nil
		})
		if p == nil {
			t.Error("AfterCommit from an AfterCommit function did not panic")
		}
		if late {
			t.Error("a function registered after the commit ran")
		}
	})
	t.Run("after WithTx returned", func(t *testing.T) {
		var kept *storage.Tx
		if err := db.WithTx(t.Context(), func(tx *storage.Tx) error { kept = tx; return nil }); err != nil {
			t.Fatal(err)
		}
		if p := withTxPanic(db, func(*storage.Tx) error { kept.AfterCommit(func() {}); return nil }); p == nil {
			t.Error("AfterCommit on a finished transaction did not panic")
		}
	})
}

// Goroutines of the transaction's function may call AfterCommit at once;
// every function they give runs.
func TestAfterCommitFromGoroutines(t *testing.T) {
	db := storagetest.Open(t, storagetest.SQLiteMemory(t))
	const goroutines, each = 8, 100
	var ran atomic.Int64
	err := db.WithTx(t.Context(), func(tx *storage.Tx) error {
		var g errgroup.Group
		for range goroutines {
			g.Go(func() error {
				for range each {
					tx.AfterCommit(func() { ran.Add(1) })
				}
				return nil
			})
		}
		return g.Wait()
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := ran.Load(); n != goroutines*each {
		t.Errorf("%d functions ran, want %d", n, goroutines*each)
	}
}

;; The search mirror's keyword kernel (see packed-postings.ts): the BM25 sums of one block of up to
;; 4,096 slots of a keyword query, over postings held in this memory, and the slots of the block
;; whose sums reach a floor. Each posting adds weight × tf / (tf + norm) to its slot's sum, the
;; norm that of the slot's length (a table by length, made again only when the average length
;; changes), in the query's order of terms, in float64: the same operations in the same order as
;; `keywordScore`, so the same sums to the last bit.
;;
;; Compiled into postings-kernel.ts by `UPDATE_POSTINGS_KERNEL=1 npx jest packed-postings` (wabt),
;; which otherwise fails when the two differ.
;;
;; Fixed places in memory (bytes): the block's sums (f64 × 4,096) at 0, the offsets of the slots a
;; sparse block touched (i32 × 4,096) at 32,768, the slots found (i32 × 4,096) at 49,152 and their
;; sums (f64 × 4,096) at 65,536. The sums are 0 between calls.
(module
  (import "docqa" "memory" (memory 1))

  ;; Sums the postings of the slots [start, end) (base ≤ start < end ≤ base + 4,096) of the `n`
  ;; terms at `table` (32 bytes each: i32 where its slots start, i32 where its counts (u16) start,
  ;; i32 the position of its first posting not yet summed, i32 its postings' count, f64 its weight,
  ;; i32 scratch), slot s's length (u32) being at lengths + 4 (s − base) and a length l's norm
  ;; (f64) at norms + 8 l; moves each term's position past the block. Writes the slots whose sum is not below `floor` and not 0, and their sums, at
  ;; 49,152 and 65,536, and returns their count; leaves the sums 0.
  ;;
  ;; As the JavaScript ranking did: when the block's postings reach a quarter of its slots every
  ;; sum is read (two at a time, SIMD), otherwise only those of the slots the postings touched
  ;; (listed as their sums leave 0).
  (func (export "block")
    (param $table i32) (param $n i32) (param $start i32) (param $end i32) (param $base i32)
    (param $lengths i32) (param $norms i32) (param $floor f64) (result i32)
    (local $t i32) (local $e i32) (local $lo i32) (local $hi i32) (local $mid i32)
    (local $reached i32) (local $dense i32) (local $slots i32) (local $counts i32)
    (local $p i32) (local $last i32) (local $weight f64) (local $tf f64) (local $o i32)
    (local $at i32) (local $score f64) (local $touched i32) (local $found i32) (local $oEnd i32)
    (local $floors v128) (local $pair v128) (local $keep v128)
    ;; Each term's first posting past the block (a binary search), and the block's postings.
    (block $ends_done
      (loop $ends
        (br_if $ends_done (i32.ge_u (local.get $t) (local.get $n)))
        (local.set $e (i32.add (local.get $table) (i32.shl (local.get $t) (i32.const 5))))
        (local.set $slots (i32.load (local.get $e)))
        (local.set $lo (i32.load offset=8 (local.get $e)))
        (local.set $hi (i32.load offset=12 (local.get $e)))
        (block $found_end
          (loop $search
            (br_if $found_end (i32.ge_u (local.get $lo) (local.get $hi)))
            (local.set $mid (i32.shr_u (i32.add (local.get $lo) (local.get $hi)) (i32.const 1)))
            (if (i32.lt_s
                  (i32.load (i32.add (local.get $slots) (i32.shl (local.get $mid) (i32.const 2))))
                  (local.get $end))
              (then (local.set $lo (i32.add (local.get $mid) (i32.const 1))))
              (else (local.set $hi (local.get $mid))))
            (br $search)))
        (i32.store offset=24 (local.get $e) (local.get $lo))
        (local.set $reached
          (i32.add (local.get $reached) (i32.sub (local.get $lo) (i32.load offset=8 (local.get $e)))))
        (local.set $t (i32.add (local.get $t) (i32.const 1)))
        (br $ends)))
    (if (i32.eqz (local.get $reached)) (then (return (i32.const 0))))
    (local.set $dense
      (i32.ge_u (i32.shl (local.get $reached) (i32.const 2)) (i32.sub (local.get $end) (local.get $start))))
    ;; The sums, term by term in the query's order.
    (local.set $t (i32.const 0))
    (block $terms_done
      (loop $terms
        (br_if $terms_done (i32.ge_u (local.get $t) (local.get $n)))
        (local.set $e (i32.add (local.get $table) (i32.shl (local.get $t) (i32.const 5))))
        (local.set $slots (i32.load (local.get $e)))
        (local.set $counts (i32.load offset=4 (local.get $e)))
        (local.set $p (i32.load offset=8 (local.get $e)))
        (local.set $last (i32.load offset=24 (local.get $e)))
        (local.set $weight (f64.load offset=16 (local.get $e)))
        (i32.store offset=8 (local.get $e) (local.get $last))
        (block $postings_done
          (loop $postings
            (br_if $postings_done (i32.ge_u (local.get $p) (local.get $last)))
            (local.set $o
              (i32.sub
                (i32.load (i32.add (local.get $slots) (i32.shl (local.get $p) (i32.const 2))))
                (local.get $base)))
            (local.set $tf
              (f64.convert_i32_u
                (i32.load16_u (i32.add (local.get $counts) (i32.shl (local.get $p) (i32.const 1))))))
            (local.set $at (i32.shl (local.get $o) (i32.const 3)))
            (local.set $score (f64.load (local.get $at)))
            (if (i32.eqz (local.get $dense))
              (then
                (if (f64.eq (local.get $score) (f64.const 0))
                  (then
                    (i32.store offset=32768
                      (i32.shl (local.get $touched) (i32.const 2)) (local.get $o))
                    (local.set $touched (i32.add (local.get $touched) (i32.const 1)))))))
            (f64.store (local.get $at)
              (f64.add (local.get $score)
                (f64.div
                  (f64.mul (local.get $weight) (local.get $tf))
                  (f64.add (local.get $tf)
                    (f64.load
                      (i32.add (local.get $norms)
                        (i32.shl
                          (i32.load (i32.add (local.get $lengths) (i32.shl (local.get $o) (i32.const 2))))
                          (i32.const 3))))))))
            (local.set $p (i32.add (local.get $p) (i32.const 1)))
            (br $postings)))
        (local.set $t (i32.add (local.get $t) (i32.const 1)))
        (br $terms)))
    (if (i32.eqz (local.get $dense))
      (then
        ;; The slots touched: each read once (a slot listed twice, its sum 0 again, is skipped).
        (local.set $t (i32.const 0))
        (block $touched_done
          (loop $listed
            (br_if $touched_done (i32.ge_u (local.get $t) (local.get $touched)))
            (local.set $o (i32.load offset=32768 (i32.shl (local.get $t) (i32.const 2))))
            (local.set $at (i32.shl (local.get $o) (i32.const 3)))
            (local.set $score (f64.load (local.get $at)))
            (f64.store (local.get $at) (f64.const 0))
            (if (i32.and
                  (f64.ge (local.get $score) (local.get $floor))
                  (f64.ne (local.get $score) (f64.const 0)))
              (then
                (local.set $found
                  (call $keep (local.get $found) (i32.add (local.get $o) (local.get $base)) (local.get $score)))))
            (local.set $t (i32.add (local.get $t) (i32.const 1)))
            (br $listed)))
        (return (local.get $found))))
    ;; Every sum of the block, two at a time from an even offset (those outside [start, end) are 0).
    (local.set $floors (f64x2.splat (local.get $floor)))
    (local.set $o (i32.and (i32.sub (local.get $start) (local.get $base)) (i32.const -2)))
    (local.set $oEnd (i32.sub (local.get $end) (local.get $base)))
    (block $sweep_done
      (loop $sweep
        (br_if $sweep_done (i32.ge_u (local.get $o) (local.get $oEnd)))
        (local.set $at (i32.shl (local.get $o) (i32.const 3)))
        (local.set $pair (v128.load (local.get $at)))
        (local.set $keep
          (v128.and
            (f64x2.ge (local.get $pair) (local.get $floors))
            (f64x2.ne (local.get $pair) (v128.const f64x2 0 0))))
        (if (v128.any_true (local.get $keep))
          (then
            (if (i32.wrap_i64 (i64x2.extract_lane 0 (local.get $keep)))
              (then
                (local.set $found
                  (call $keep (local.get $found) (i32.add (local.get $o) (local.get $base))
                    (f64x2.extract_lane 0 (local.get $pair))))))
            (if (i32.wrap_i64 (i64x2.extract_lane 1 (local.get $keep)))
              (then
                (local.set $found
                  (call $keep (local.get $found) (i32.add (i32.add (local.get $o) (local.get $base)) (i32.const 1))
                    (f64x2.extract_lane 1 (local.get $pair))))))))
        (v128.store (local.get $at) (v128.const f64x2 0 0))
        (local.set $o (i32.add (local.get $o) (i32.const 2)))
        (br $sweep)))
    (local.get $found))

  ;; Writes (slot, sum) as the `found`th slot found; returns the count after it.
  (func $keep (param $found i32) (param $slot i32) (param $score f64) (result i32)
    (i32.store offset=49152 (i32.shl (local.get $found) (i32.const 2)) (local.get $slot))
    (f64.store offset=65536 (i32.shl (local.get $found) (i32.const 3)) (local.get $score))
    (i32.add (local.get $found) (i32.const 1)))
)

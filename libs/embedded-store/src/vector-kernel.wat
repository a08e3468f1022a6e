;; The search mirror's vector kernel (see vector-columns.ts): exact int8 dot products of one query
;; with every row of a table of int8 vectors kept column by column, and the best score of each group
;; of 256 rows. A query of the local embedder has about 30 non-zero dimensions of 512 (five words),
;; so only those columns are read: at 1,000,000 rows about 32 MB per query instead of the 512 MB of
;; every row's vector.
;;
;; Compiled into vector-kernel.ts by `UPDATE_VECTOR_KERNEL=1 npx jest vector-columns` (wabt), which
;; otherwise fails when the two differ.
(module
  (import "docqa" "memory" (memory 1))

  ;; For the rows [0, n) (n a multiple of 16), writes into acc[row] (i32) the sum over the query's
  ;; `nz` (dimension, weight) pairs of weight × column[dimension][row], and into maxima[g] (f32) the
  ;; largest acc[row] × factors[row] (f32) of the rows [256 g, 256 g + 256). The pairs are i32 at
  ;; `query`, and read 8 at a time: those from `nz` to the next multiple of 8 must be (0, 0). Column d
  ;; starts at cols + d × stride (int8).
  ;;
  ;; Rows go in blocks of 4,096 (their accumulators, 16 KB, stay in the L1 cache), and each pass
  ;; over a block reads 8 of the query's columns together, 16 rows at a time: each column's 16 values
  ;; sign-extended to i16 (two 8-byte loads), two columns' values interleaved, and multiplied by their
  ;; two weights and summed in i32 lanes by one i32x4.dot_i16x8_s (a product is within ±127 × 127).
  ;; The 16 rows' sums stay in registers over the pass's 8 columns and go to memory once. The
  ;; memory read is the limit: 32 MB a query at 1,000,000 rows; a pass per pair of columns with the
  ;; sums widened from i16 and added in memory took 1.7 times as long.
  ;;
  ;; A dot product is below 2^24 in magnitude (512 × 127 × 127), so its f32 is exact and a group's
  ;; maximum is within one f32 rounding of its largest dot × factor.
  (func (export "score")
    (param $cols i32) (param $stride i32) (param $n i32) (param $query i32) (param $nz i32)
    (param $acc i32) (param $factors i32) (param $maxima i32)
    (local $block i32) (local $end i32) (local $k i32) (local $pair i32) (local $i i32) (local $a i32)
    (local $first i32) (local $last i32)
    (local $col0 i32) (local $col1 i32) (local $col2 i32) (local $col3 i32)
    (local $col4 i32) (local $col5 i32) (local $col6 i32) (local $col7 i32)
    (local $w0 v128) (local $w1 v128) (local $w2 v128) (local $w3 v128)
    (local $s0 v128) (local $s1 v128) (local $s2 v128) (local $s3 v128)
    (local $x v128) (local $y v128) (local $m v128) (local $f i32)
    (block $done
      (loop $blocks
        (br_if $done (i32.ge_u (local.get $block) (local.get $n)))
        (local.set $end
          (select (local.get $n) (i32.add (local.get $block) (i32.const 4096))
            (i32.lt_u (local.get $n) (i32.add (local.get $block) (i32.const 4096)))))
        (local.set $k (i32.const 0))
        (loop $passes
          ;; The pass's 8 columns, and their weights as (w, w') i16 pairs in each i32 lane.
          (local.set $pair (i32.add (local.get $query) (i32.shl (local.get $k) (i32.const 3))))
          (local.set $col0 (call $column (local.get $cols) (local.get $stride) (local.get $pair) (i32.const 0)))
          (local.set $col1 (call $column (local.get $cols) (local.get $stride) (local.get $pair) (i32.const 1)))
          (local.set $col2 (call $column (local.get $cols) (local.get $stride) (local.get $pair) (i32.const 2)))
          (local.set $col3 (call $column (local.get $cols) (local.get $stride) (local.get $pair) (i32.const 3)))
          (local.set $col4 (call $column (local.get $cols) (local.get $stride) (local.get $pair) (i32.const 4)))
          (local.set $col5 (call $column (local.get $cols) (local.get $stride) (local.get $pair) (i32.const 5)))
          (local.set $col6 (call $column (local.get $cols) (local.get $stride) (local.get $pair) (i32.const 6)))
          (local.set $col7 (call $column (local.get $cols) (local.get $stride) (local.get $pair) (i32.const 7)))
          (local.set $w0 (call $weights (local.get $pair) (i32.const 0)))
          (local.set $w1 (call $weights (local.get $pair) (i32.const 2)))
          (local.set $w2 (call $weights (local.get $pair) (i32.const 4)))
          (local.set $w3 (call $weights (local.get $pair) (i32.const 6)))
          (local.set $first (i32.eqz (local.get $k)))
          (local.set $last (i32.ge_u (i32.add (local.get $k) (i32.const 8)) (local.get $nz)))
          (local.set $m (v128.const f32x4 -inf -inf -inf -inf))
          (local.set $i (local.get $block))
          (loop $rows
            (local.set $a (i32.add (local.get $acc) (i32.shl (local.get $i) (i32.const 2))))
            (if (local.get $first)
              (then
                (local.set $s0 (v128.const i32x4 0 0 0 0))
                (local.set $s1 (v128.const i32x4 0 0 0 0))
                (local.set $s2 (v128.const i32x4 0 0 0 0))
                (local.set $s3 (v128.const i32x4 0 0 0 0)))
              (else
                (local.set $s0 (v128.load offset=0 (local.get $a)))
                (local.set $s1 (v128.load offset=16 (local.get $a)))
                (local.set $s2 (v128.load offset=32 (local.get $a)))
                (local.set $s3 (v128.load offset=48 (local.get $a)))))
            ;; Rows 0-7 of the 16 go to $s0 (0-3) and $s1 (4-7), rows 8-15 to $s2 and $s3.
            ;; columns 0 and 1
            (local.set $x (v128.load8x8_s (i32.add (local.get $col0) (local.get $i))))
            (local.set $y (v128.load8x8_s (i32.add (local.get $col1) (local.get $i))))
            (local.set $s0 (i32x4.add (local.get $s0) (i32x4.dot_i16x8_s (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $x) (local.get $y)) (local.get $w0))))
            (local.set $s1 (i32x4.add (local.get $s1) (i32x4.dot_i16x8_s (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $x) (local.get $y)) (local.get $w0))))
            (local.set $x (v128.load8x8_s offset=8 (i32.add (local.get $col0) (local.get $i))))
            (local.set $y (v128.load8x8_s offset=8 (i32.add (local.get $col1) (local.get $i))))
            (local.set $s2 (i32x4.add (local.get $s2) (i32x4.dot_i16x8_s (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $x) (local.get $y)) (local.get $w0))))
            (local.set $s3 (i32x4.add (local.get $s3) (i32x4.dot_i16x8_s (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $x) (local.get $y)) (local.get $w0))))
            ;; columns 2 and 3
            (local.set $x (v128.load8x8_s (i32.add (local.get $col2) (local.get $i))))
            (local.set $y (v128.load8x8_s (i32.add (local.get $col3) (local.get $i))))
            (local.set $s0 (i32x4.add (local.get $s0) (i32x4.dot_i16x8_s (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $x) (local.get $y)) (local.get $w1))))
            (local.set $s1 (i32x4.add (local.get $s1) (i32x4.dot_i16x8_s (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $x) (local.get $y)) (local.get $w1))))
            (local.set $x (v128.load8x8_s offset=8 (i32.add (local.get $col2) (local.get $i))))
            (local.set $y (v128.load8x8_s offset=8 (i32.add (local.get $col3) (local.get $i))))
            (local.set $s2 (i32x4.add (local.get $s2) (i32x4.dot_i16x8_s (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $x) (local.get $y)) (local.get $w1))))
            (local.set $s3 (i32x4.add (local.get $s3) (i32x4.dot_i16x8_s (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $x) (local.get $y)) (local.get $w1))))
            ;; columns 4 and 5
            (local.set $x (v128.load8x8_s (i32.add (local.get $col4) (local.get $i))))
            (local.set $y (v128.load8x8_s (i32.add (local.get $col5) (local.get $i))))
            (local.set $s0 (i32x4.add (local.get $s0) (i32x4.dot_i16x8_s (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $x) (local.get $y)) (local.get $w2))))
            (local.set $s1 (i32x4.add (local.get $s1) (i32x4.dot_i16x8_s (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $x) (local.get $y)) (local.get $w2))))
            (local.set $x (v128.load8x8_s offset=8 (i32.add (local.get $col4) (local.get $i))))
            (local.set $y (v128.load8x8_s offset=8 (i32.add (local.get $col5) (local.get $i))))
            (local.set $s2 (i32x4.add (local.get $s2) (i32x4.dot_i16x8_s (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $x) (local.get $y)) (local.get $w2))))
            (local.set $s3 (i32x4.add (local.get $s3) (i32x4.dot_i16x8_s (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $x) (local.get $y)) (local.get $w2))))
            ;; columns 6 and 7
            (local.set $x (v128.load8x8_s (i32.add (local.get $col6) (local.get $i))))
            (local.set $y (v128.load8x8_s (i32.add (local.get $col7) (local.get $i))))
            (local.set $s0 (i32x4.add (local.get $s0) (i32x4.dot_i16x8_s (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $x) (local.get $y)) (local.get $w3))))
            (local.set $s1 (i32x4.add (local.get $s1) (i32x4.dot_i16x8_s (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $x) (local.get $y)) (local.get $w3))))
            (local.set $x (v128.load8x8_s offset=8 (i32.add (local.get $col6) (local.get $i))))
            (local.set $y (v128.load8x8_s offset=8 (i32.add (local.get $col7) (local.get $i))))
            (local.set $s2 (i32x4.add (local.get $s2) (i32x4.dot_i16x8_s (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $x) (local.get $y)) (local.get $w3))))
            (local.set $s3 (i32x4.add (local.get $s3) (i32x4.dot_i16x8_s (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $x) (local.get $y)) (local.get $w3))))
            (v128.store offset=0 (local.get $a) (local.get $s0))
            (v128.store offset=16 (local.get $a) (local.get $s1))
            (v128.store offset=32 (local.get $a) (local.get $s2))
            (v128.store offset=48 (local.get $a) (local.get $s3))
            (if (local.get $last)
              (then
                ;; The 16 rows' scores (dot × factor), into the group's maximum, written at its end.
                (local.set $f (i32.add (local.get $factors) (i32.shl (local.get $i) (i32.const 2))))
                (local.set $m (f32x4.pmax (local.get $m)
                  (f32x4.mul (f32x4.convert_i32x4_s (local.get $s0)) (v128.load offset=0 (local.get $f)))))
                (local.set $m (f32x4.pmax (local.get $m)
                  (f32x4.mul (f32x4.convert_i32x4_s (local.get $s1)) (v128.load offset=16 (local.get $f)))))
                (local.set $m (f32x4.pmax (local.get $m)
                  (f32x4.mul (f32x4.convert_i32x4_s (local.get $s2)) (v128.load offset=32 (local.get $f)))))
                (local.set $m (f32x4.pmax (local.get $m)
                  (f32x4.mul (f32x4.convert_i32x4_s (local.get $s3)) (v128.load offset=48 (local.get $f)))))
                (if (i32.or
                      (i32.eqz (i32.and (i32.add (local.get $i) (i32.const 16)) (i32.const 255)))
                      (i32.ge_u (i32.add (local.get $i) (i32.const 16)) (local.get $end)))
                  (then
                    (f32.store
                      (i32.add (local.get $maxima) (i32.shl (i32.shr_u (local.get $i) (i32.const 8)) (i32.const 2)))
                      (f32.max
                        (f32.max (f32x4.extract_lane 0 (local.get $m)) (f32x4.extract_lane 1 (local.get $m)))
                        (f32.max (f32x4.extract_lane 2 (local.get $m)) (f32x4.extract_lane 3 (local.get $m)))))
                    (local.set $m (v128.const f32x4 -inf -inf -inf -inf))))))
            (local.set $i (i32.add (local.get $i) (i32.const 16)))
            (br_if $rows (i32.lt_u (local.get $i) (local.get $end))))
          (local.set $k (i32.add (local.get $k) (i32.const 8)))
          (br_if $passes (i32.lt_u (local.get $k) (local.get $nz))))
        (local.set $block (local.get $end))
        (br $blocks))))

  ;; Where the column of the query's pair `j` (of those at `pair`) starts.
  (func $column (param $cols i32) (param $stride i32) (param $pair i32) (param $j i32) (result i32)
    (i32.add (local.get $cols)
      (i32.mul
        (i32.load (i32.add (local.get $pair) (i32.shl (local.get $j) (i32.const 3))))
        (local.get $stride))))

  ;; The weights of the query's pairs `j` and `j + 1` (of those at `pair`) as i16s in every i32 lane.
  (func $weights (param $pair i32) (param $j i32) (result v128)
    (local $at i32)
    (local.set $at (i32.add (local.get $pair) (i32.shl (local.get $j) (i32.const 3))))
    (i32x4.splat
      (i32.or
        (i32.and (i32.load offset=4 (local.get $at)) (i32.const 0xffff))
        (i32.shl (i32.load offset=12 (local.get $at)) (i32.const 16)))))
)

;; The search mirror's vector kernel (see vector-columns.ts): approximate dot products of one query
;; with every row of a table of int8 vectors kept column by column. A query of the local embedder
;; has about 50 non-zero dimensions of 512, so only those columns are read: at 100,000 rows about
;; 5 MB per query instead of the 51 MB of every row's vector.
;;
;; Compiled into vector-kernel.ts by `UPDATE_VECTOR_KERNEL=1 npx jest vector-columns` (wabt), which
;; otherwise fails when the two differ.
(module
  (import "docqa" "memory" (memory 1))

  ;; For the rows [0, n) (n a multiple of 16), writes into acc[row] (i32) the sum over the query's
  ;; `nz` (dimension, weight) pairs of weight × column[dimension][row]. The pairs are i32 at `query`;
  ;; column d starts at cols + d × stride (int8). Rows go in blocks of 1,024 so that a block's
  ;; accumulators stay in the L1 cache while each of the query's columns passes over them.
  ;;
  ;; Columns go two at a time: values and weights are within ±127, so the sum of two products
  ;; (at most 2 × 127 × 127 = 32,258) fits an i16 lane, and the two columns' sum is widened and
  ;; added to the accumulators once. An odd last column goes with itself at weight 0.
  (func (export "score")
    (param $cols i32) (param $stride i32) (param $n i32) (param $query i32) (param $nz i32) (param $acc i32)
    (local $block i32) (local $end i32) (local $k i32) (local $col0 i32) (local $col1 i32)
    (local $w0 v128) (local $w1 v128) (local $pair i32)
    (local $i i32) (local $c0 v128) (local $c1 v128) (local $lo v128) (local $hi v128) (local $a i32)
    (block $done
      (loop $blocks
        (br_if $done (i32.ge_u (local.get $block) (local.get $n)))
        (local.set $end
          (select (local.get $n) (i32.add (local.get $block) (i32.const 1024))
            (i32.lt_u (local.get $n) (i32.add (local.get $block) (i32.const 1024)))))
        ;; The block's accumulators start at zero.
        (local.set $i (local.get $block))
        (loop $zero
          (v128.store (i32.add (local.get $acc) (i32.shl (local.get $i) (i32.const 2)))
            (v128.const i32x4 0 0 0 0))
          (local.set $i (i32.add (local.get $i) (i32.const 4)))
          (br_if $zero (i32.lt_u (local.get $i) (local.get $end))))
        (local.set $k (i32.const 0))
        (block $columns_done
          (loop $columns
            (br_if $columns_done (i32.ge_u (local.get $k) (local.get $nz)))
            (local.set $pair (i32.add (local.get $query) (i32.shl (local.get $k) (i32.const 3))))
            (local.set $col0
              (i32.add (local.get $cols) (i32.mul (i32.load (local.get $pair)) (local.get $stride))))
            (local.set $w0 (i16x8.splat (i32.load offset=4 (local.get $pair))))
            (if (i32.lt_u (i32.add (local.get $k) (i32.const 1)) (local.get $nz))
              (then
                (local.set $col1
                  (i32.add (local.get $cols) (i32.mul (i32.load offset=8 (local.get $pair)) (local.get $stride))))
                (local.set $w1 (i16x8.splat (i32.load offset=12 (local.get $pair)))))
              (else
                (local.set $col1 (local.get $col0))
                (local.set $w1 (v128.const i16x8 0 0 0 0 0 0 0 0))))
            ;; 16 rows at a time: int8 widened to i16, each column times its weight, the two summed
            ;; in i16, widened to i32 and added to the accumulators.
            (local.set $i (local.get $block))
            (loop $rows
              (local.set $c0 (v128.load (i32.add (local.get $col0) (local.get $i))))
              (local.set $c1 (v128.load (i32.add (local.get $col1) (local.get $i))))
              (local.set $lo
                (i16x8.add
                  (i16x8.mul (i16x8.extend_low_i8x16_s (local.get $c0)) (local.get $w0))
                  (i16x8.mul (i16x8.extend_low_i8x16_s (local.get $c1)) (local.get $w1))))
              (local.set $hi
                (i16x8.add
                  (i16x8.mul (i16x8.extend_high_i8x16_s (local.get $c0)) (local.get $w0))
                  (i16x8.mul (i16x8.extend_high_i8x16_s (local.get $c1)) (local.get $w1))))
              (local.set $a (i32.add (local.get $acc) (i32.shl (local.get $i) (i32.const 2))))
              (v128.store (local.get $a)
                (i32x4.add (v128.load (local.get $a)) (i32x4.extend_low_i16x8_s (local.get $lo))))
              (v128.store offset=16 (local.get $a)
                (i32x4.add (v128.load offset=16 (local.get $a)) (i32x4.extend_high_i16x8_s (local.get $lo))))
              (v128.store offset=32 (local.get $a)
                (i32x4.add (v128.load offset=32 (local.get $a)) (i32x4.extend_low_i16x8_s (local.get $hi))))
              (v128.store offset=48 (local.get $a)
                (i32x4.add (v128.load offset=48 (local.get $a)) (i32x4.extend_high_i16x8_s (local.get $hi))))
              (local.set $i (i32.add (local.get $i) (i32.const 16)))
              (br_if $rows (i32.lt_u (local.get $i) (local.get $end))))
            (local.set $k (i32.add (local.get $k) (i32.const 2)))
            (br $columns)))
        (local.set $block (local.get $end))
        (br $blocks))))
)

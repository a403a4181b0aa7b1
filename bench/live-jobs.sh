# The live benchmarks' jobs, sourced by live-vs-fio.sh and live-wall-time.sh: "name|bench options". The first six
# are the jobs of issue 13; the others are of the same families (sequential, random, mixed; 4 KiB to 1 MiB; 1 to
# 8 threads). The five "qd-" jobs are issue 22's queue depths (io_uring and libaio, fio's engines of the same name,
# with fio's batching defaults: submit one, reap one). Per-thread sizes as in fio: numjobs=8 size=256m is 2 GiB of
# files.
# shellcheck disable=SC2034
LIVE_JOBS=(
  "seq-write-1m|--rw write --bs 1m --size 1g"
  "seq-read-1m|--rw read --bs 1m --size 1g"
  "randread-128k-x4|--rw randread --bs 128k --size 256m --numjobs 4"
  "randwrite-4k|--rw randwrite --bs 4k --size 1g"
  "randrw-70-30-16k-x4|--rw randrw --rwmixread 70 --bs 16k --size 256m --numjobs 4"
  "randread-64k-x8|--rw randread --bs 64k --size 256m --numjobs 8"
  "seq-write-128k|--rw write --bs 128k --size 1g"
  "seq-read-64k|--rw read --bs 64k --size 1g"
  "randread-4k|--rw randread --bs 4k --size 1g"
  "randwrite-64k-x4|--rw randwrite --bs 64k --size 256m --numjobs 4"
  "randrw-50-50-4k-x2|--rw randrw --rwmixread 50 --bs 4k --size 256m --numjobs 2"
  "qd-uring-randread-64k-d32|--rw randread --bs 64k --size 1g --ioengine io_uring --iodepth 32"
  "qd-aio-randread-4k-d16|--rw randread --bs 4k --size 1g --ioengine libaio --iodepth 16"
  "qd-uring-randwrite-4k-d32|--rw randwrite --bs 4k --size 1g --ioengine io_uring --iodepth 32"
  "qd-aio-seq-write-1m-d4|--rw write --bs 1m --size 1g --ioengine libaio --iodepth 4"
  "qd-uring-randrw-70-30-16k-d16-x2|--rw randrw --rwmixread 70 --bs 16k --size 256m --numjobs 2 --ioengine io_uring --iodepth 16"
)

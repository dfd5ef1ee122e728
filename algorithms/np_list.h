/*
** The node programs (algorithms/hc_np_algo.h), in the order of the paper
** (ALGO=list prints them so): one line HC_NP_ALGO(name) each, for the record
** hc_np_algo_<name> defined in algorithms/np_<name>.c. algorithms/np_layer.c
** includes this list to build hc_np_algos[].
*/
/* 003 (Johnsson) §5.1-5.4: matrix multiplication */
HC_NP_ALGO(mmc1)
HC_NP_ALGO(mmc2)
HC_NP_ALGO(mmc3)
HC_NP_ALGO(mmc41)
HC_NP_ALGO(mmc42)
/* §6.1, §6.2 and §6.4: Gauss-Jordan elimination, triangulation, the triangular solvers */
HC_NP_ALGO(gj)
HC_NP_ALGO(lu)
HC_NP_ALGO(trsv)
HC_NP_ALGO(trsv_blk)
HC_NP_ALGO(trsv_mm)

/*
** The store-and-forward generators, in the order of the papers (ALGO=list
** prints them so): one line HC_SF_ALGO(name) each, for the record
** hc_sf_algo_<name> defined in algorithms/sf_<name>.c. algorithms/registry.c
** includes this list to declare the records and to build hc_sf_algos[].
*/
/* 000 (Stout & Wagar) */
HC_SF_ALGO(broadcast2)
HC_SF_ALGO(complete_exchange)
/* 002 (Bertsekas et al.) */
HC_SF_ALGO(total_exchange)
/* in-network combining (docs/store_and_forward.md, section 1) */
HC_SF_ALGO(collect_sum)
HC_SF_ALGO(histogram)

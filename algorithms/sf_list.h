/*
** The store-and-forward generators, in the order of the papers (ALGO=list
** prints them so): one line HC_SF_ALGO(name) each, for the record
** hc_sf_algo_<name> defined in algorithms/sf_<name>.c. algorithms/registry.c
** includes this list to declare the records and to build hc_sf_algos[].
*/
/* 000 (Stout & Wagar) §2 */
HC_SF_ALGO(broadcast1)
HC_SF_ALGO(broadcast2)
HC_SF_ALGO(broadcast3a)
HC_SF_ALGO(broadcast3b)
HC_SF_ALGO(broadcast4)
/* §3 */
HC_SF_ALGO(ocsend1)
HC_SF_ALGO(ocsend2)
HC_SF_ALGO(ocsend3)
HC_SF_ALGO(ocsend4)
/* §4 */
HC_SF_ALGO(arbsend1)
HC_SF_ALGO(arbsend2)
HC_SF_ALGO(xocsend1)
HC_SF_ALGO(xocsend2)
HC_SF_ALGO(arbsend3)
/* §5 */
HC_SF_ALGO(distribute1)
HC_SF_ALGO(collect)
HC_SF_ALGO(distribute2)
/* §6 */
HC_SF_ALGO(complete_broadcast)
HC_SF_ALGO(inversion)
HC_SF_ALGO(complete_exchange)
HC_SF_ALGO(permuted_send)
/* §7 */
HC_SF_ALGO(transpose_rows)
HC_SF_ALGO(lc_inversion)
HC_SF_ALGO(transpose_sub)
/* 002 (Bertsekas et al.) §2, §3, §4: Table 1 */
HC_SF_ALGO(multinode_broadcast)
HC_SF_ALGO(single_node_scatter)
HC_SF_ALGO(total_exchange)
/* in-network combining (docs/store_and_forward.md, section 1) */
HC_SF_ALGO(collect_sum)
HC_SF_ALGO(histogram)
/* 003 (Johnsson) §3.1-3.3 */
HC_SF_ALGO(gray_loop_nn)
HC_SF_ALGO(gray2bin)
HC_SF_ALGO(bin2gray)
HC_SF_ALGO(gray_rotate)
HC_SF_ALGO(gray_rotate_refl)
HC_SF_ALGO(cons2cyc)
HC_SF_ALGO(cyc2cons)
HC_SF_ALGO(cons2cyc_matrix)
HC_SF_ALGO(cyc2cons_matrix)
HC_SF_ALGO(cons2cyc_gray)
HC_SF_ALGO(cyc2cons_gray)
/* 003 (Johnsson) §3.4, §4 */
HC_SF_ALGO(sbt)
HC_SF_ALGO(sbt_seq)
HC_SF_ALGO(cbt_inorder_bcast)
HC_SF_ALGO(cbt_inorder_reduce)
HC_SF_ALGO(cbt_interior)
HC_SF_ALGO(cbt_bcast)
HC_SF_ALGO(cbt_reduce)
HC_SF_ALGO(transpose_bin)
HC_SF_ALGO(transpose_gray)
HC_SF_ALGO(transpose_mesh)
HC_SF_ALGO(transpose_torus)

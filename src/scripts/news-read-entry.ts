/**
 * Entry of the read-marks script as one self-contained classic script (NewsReadMarks.astro loads it
 * with `?worker&url` only when a member is logged in), so a guest's news page loads no script of it.
 */
import { applyNewsReadMarks } from './news-read.ts';

void applyNewsReadMarks(document);

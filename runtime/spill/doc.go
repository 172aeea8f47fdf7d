// Package spill keeps response bodies too large or too binary to answer
// inline: it stores them atomically in a workspace's responses folder under
// a retention bound, and reads them back for the response tools (outline,
// compress, slice), confined to that folder and bounded in memory and output.
package spill

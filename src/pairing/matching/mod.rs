//! Maximum-weight matching on general graphs; knows nothing of chess.

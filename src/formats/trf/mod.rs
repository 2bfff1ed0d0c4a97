//! FIDE Tournament Report File: layout tables, reader, dialects, writer.

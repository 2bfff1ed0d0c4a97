//! Swiss-Manager text exports, XML import file and binary .TUNX reader.

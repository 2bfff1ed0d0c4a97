//! FIDE federation codes (three capital letters, IOC-like, plus `FID` for
//! players under the FIDE flag). Written from the FIDE federation list; a code
//! missing here is reported, so keep it current.

const CODES: &[&str] = &[
    "AFG", "AHO", "ALB", "ALG", "AND", "ANG", "ANT", "ARG", "ARM", "ARU", "AUS", "AUT", "AZE",
    "BAH", "BAN", "BAR", "BDI", "BEL", "BER", "BHU", "BIH", "BIZ", "BLR", "BOL", "BOT", "BRA",
    "BRN", "BRU", "BUL", "BUR", "CAF", "CAM", "CAN", "CAY", "CGO", "CHA", "CHI", "CHN", "CIV",
    "CMR", "COD", "COL", "COM", "CPV", "CRC", "CRO", "CUB", "CYP", "CZE", "DEN", "DJI", "DMA",
    "DOM", "ECU", "EGY", "ENG", "ERI", "ESA", "ESP", "EST", "ETH", "FAI", "FID", "FIJ", "FIN",
    "FRA", "GAB", "GAM", "GCI", "GEO", "GEQ", "GER", "GHA", "GRE", "GRN", "GUA", "GUM", "GUY",
    "HAI", "HKG", "HON", "HUN", "INA", "IND", "IOM", "IRI", "IRL", "IRQ", "ISL", "ISR", "ISV",
    "ITA", "IVB", "JAM", "JCI", "JOR", "JPN", "KAZ", "KEN", "KGZ", "KOR", "KOS", "KSA", "KUW",
    "LAO", "LAT", "LBA", "LBN", "LBR", "LCA", "LES", "LIE", "LTU", "LUX", "MAC", "MAD", "MAR",
    "MAS", "MAW", "MDA", "MDV", "MEX", "MGL", "MHL", "MKD", "MLI", "MLT", "MNC", "MNE", "MOZ",
    "MRI", "MTN", "MYA", "NAM", "NCA", "NED", "NEP", "NGR", "NIG", "NOR", "NRU", "NZL", "OMA",
    "PAK", "PAN", "PAR", "PER", "PHI", "PLE", "PLW", "PNG", "POL", "POR", "PUR", "QAT", "ROU",
    "RSA", "RUS", "RWA", "SCO", "SEN", "SEY", "SGP", "SKN", "SLE", "SLO", "SMR", "SOL", "SOM",
    "SRB", "SRI", "SSD", "STP", "SUD", "SUI", "SUR", "SVK", "SWE", "SWZ", "SYR", "TAN", "TGA",
    "THA", "TJK", "TKM", "TKS", "TLS", "TOG", "TPE", "TTO", "TUN", "TUR", "UAE", "UGA", "UKR",
    "URU", "USA", "UZB", "VAN", "VEN", "VIE", "VIN", "WLS", "YEM", "ZAM", "ZIM",
];

/// True for a code on the FIDE federation list.
pub(crate) fn is_known_federation(code: &str) -> bool {
    CODES.binary_search(&code).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorted_and_found() {
        assert!(CODES.windows(2).all(|w| w[0] < w[1]));
        assert!(is_known_federation("GER"));
        assert!(is_known_federation("FID"));
        assert!(!is_known_federation("DEU"));
        assert!(!is_known_federation("ger"));
    }
}

/// A point on the Earth, as Firestore stores it: a latitude in −90...90 and a longitude in
/// −180...180 degrees. Points compare by latitude, then by longitude.
public struct GeoPoint: Hashable, Sendable, CustomStringConvertible {
    public let latitude: Double
    public let longitude: Double

    /// Stops the program when a coordinate is out of its range (or NaN), as Firestore's SDKs
    /// refuse such a point.
    public init(latitude: Double, longitude: Double) {
        precondition((-90...90).contains(latitude), "a latitude must be in -90...90, not \(latitude)")
        precondition((-180...180).contains(longitude), "a longitude must be in -180...180, not \(longitude)")
        self.latitude = latitude
        self.longitude = longitude
    }

    /// `geopoint(48.85, 2.35)`.
    public var description: String { "geopoint(\(latitude), \(longitude))" }
}

extension GeoPoint: Comparable {
    public static func < (lhs: GeoPoint, rhs: GeoPoint) -> Bool {
        (lhs.latitude, lhs.longitude) < (rhs.latitude, rhs.longitude)
    }
}

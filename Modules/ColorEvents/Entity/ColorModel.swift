/// A colour as a screen shows it: the seed's "model that is its own view", plain or with a label.
public struct ColorModel: Sendable, Hashable, Identifiable {
    /// How the model is displayed: the seed's `ModelViewType`.
    public enum Variant: String, Sendable, CaseIterable, Codable {
        /// The colour alone.
        case plain
        /// The colour with its name and hex code written on it.
        case withLabel
    }

    /// The colour.
    public let color: RGBColor
    /// How it is displayed.
    public let variant: Variant

    /// Creates a model; plain unless told otherwise.
    public init(_ color: RGBColor, variant: Variant = .plain) {
        self.color = color
        self.variant = variant
    }

    /// A colour is its own identity: two models of one colour show the same thing.
    public var id: RGBColor { color }

    /// The text written on the colour: nothing when plain, `tomato #FF6347` with a label.
    public var label: String? {
        switch variant {
        case .plain: nil
        case .withLabel: "\(color.nearestName) \(color.hex)"
        }
    }

    /// The same colour displayed another way.
    public func displayed(as variant: Variant) -> ColorModel { ColorModel(color, variant: variant) }
}

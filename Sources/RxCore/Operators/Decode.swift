import Foundation

extension ObservableType where Element == Data {
    /// Each element decoded as `type` by `decoder`; a decoding error ends the
    /// sequence with that error.
    public func decode<Item: Decodable>(
        type: Item.Type, decoder: some DataDecoder,
        file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Item> {
        map({ try decoder.decode(type, from: $0) }, file: file, line: line)
    }
}

/// A decoder of `Data` that ``ObservableType/decode(type:decoder:file:line:)``
/// can use, as in RxSwift; `JSONDecoder` and `PropertyListDecoder` are ones.
public protocol DataDecoder {
    /// Decodes a value of `type` from `data`.
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}

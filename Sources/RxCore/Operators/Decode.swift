import Foundation

extension ObservableType where Element == Data {
    /// `decode` with the site its public form takes from its caller.
    @usableFromInline
    func decode<Item: Decodable>(
        type: Item.Type,
        decoder: some DataDecoder,
        site: CallSite
    ) -> Observable<Item> {
        map({ try decoder.decode(type, from: $0) }, site: site)
    }
}

/// A decoder of `Data` that ``ObservableType/decode(type:decoder:)``
/// can use, as in RxSwift; `JSONDecoder` and `PropertyListDecoder` are ones.
public protocol DataDecoder {
    /// Decodes a value of `type` from `data`.
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}

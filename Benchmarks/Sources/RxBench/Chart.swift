import Foundation

/// Grouped bars (RxCore on, RxCore off, OpenCombine) per workload on a log scale, labelled in ns.
func chart(_ groups: [(id: String, unit: String, on: Double, off: Double, openCombine: Double?)]) -> String {
    let width = 760.0, height = 380.0, left = 60.0, bottom = 50.0, top = 40.0
    let plotHeight = height - bottom - top
    let series: [(String, String)] = [
        ("RxCore (accounting on)", "#d9480f"), ("RxCore (accounting off)", "#f59f00"),
        ("OpenCombine 0.14", "#1c7ed6"),
    ]
    let values: [Double] = groups.flatMap { [$0.on, $0.off, $0.openCombine ?? 1] }
    let maxExponent = ceil(log10(values.max() ?? 10))
    func y(_ v: Double) -> Double { height - bottom - plotHeight * max(0, log10(max(v, 1))) / maxExponent }
    var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" font-family="sans-serif" font-size="11">
        <rect width="100%" height="100%" fill="white"/>
        <text x="\(Int(width / 2))" y="18" text-anchor="middle" font-size="14">RxCore vs OpenCombine, median ns per operation (log scale, lower is better)</text>

        """
    for e in 0...Int(maxExponent) {
        let yy = y(pow(10, Double(e)))
        svg += "<line x1=\"\(left)\" y1=\"\(yy)\" x2=\"\(width - 10)\" y2=\"\(yy)\" stroke=\"#ddd\"/>"
        svg += "<text x=\"\(left - 6)\" y=\"\(yy + 4)\" text-anchor=\"end\">\(Int(pow(10, Double(e)))) ns</text>\n"
    }
    let groupWidth = (width - left - 10) / Double(groups.count)
    let barWidth = groupWidth / 4.5
    for (g, group) in groups.enumerated() {
        let x0 = left + Double(g) * groupWidth + barWidth * 0.5
        for (s, value) in [group.on, group.off, group.openCombine].enumerated() {
            guard let value else { continue }
            let x = x0 + Double(s) * barWidth
            svg +=
                "<rect x=\"\(x)\" y=\"\(y(value))\" width=\"\(barWidth - 2)\" height=\"\(height - bottom - y(value))\" fill=\"\(series[s].1)\"/>"
            svg +=
                "<text x=\"\(x + barWidth / 2 - 1)\" y=\"\(y(value) - 3)\" text-anchor=\"middle\" font-size=\"9\">\(Int(value.rounded()))</text>\n"
        }
        svg +=
            "<text x=\"\(x0 + barWidth * 1.5)\" y=\"\(height - bottom + 16)\" text-anchor=\"middle\">\(group.id) (per \(group.unit))</text>\n"
    }
    for (s, (name, colour)) in series.enumerated() {
        let x = left + Double(s) * 200
        svg += "<rect x=\"\(x)\" y=\"\(height - 18)\" width=\"10\" height=\"10\" fill=\"\(colour)\"/>"
        svg += "<text x=\"\(x + 14)\" y=\"\(height - 9)\">\(name)</text>\n"
    }
    return svg + "</svg>\n"
}

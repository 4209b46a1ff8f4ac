/// The best `limit` elements seen so far, by an ordering where "precedes" means "is better":
/// a binary heap whose top is the worst element kept, so an element that does not beat it
/// costs one comparison.
struct BoundedHeap<Element> {
    let limit: Int
    private let precedes: (Element, Element) -> Bool
    private(set) var elements: [Element] = []

    init(limit: Int, precedes: @escaping (Element, Element) -> Bool) {
        self.limit = limit
        self.precedes = precedes
        elements.reserveCapacity(min(limit, 4096))
    }

    /// The worst element kept, once the heap is full.
    var worstWhenFull: Element? {
        elements.count >= limit ? elements.first : nil
    }

    /// Keeps `element` if it is among the best `limit` so far.
    mutating func offer(_ element: Element) {
        guard limit > 0 else { return }
        if elements.count < limit {
            elements.append(element)
            siftUp(elements.count - 1)
        } else if let worst = elements.first, precedes(element, worst) {
            elements[0] = element
            siftDown(0)
        }
    }

    /// The kept elements, best first.
    var sorted: [Element] {
        elements.sorted(by: precedes)
    }

    // A parent never precedes its children: the worst element is on top.
    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(elements[parent], elements[child]) else { return }
            elements.swapAt(parent, child)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var worst = parent
            if left < elements.count && precedes(elements[worst], elements[left]) { worst = left }
            if right < elements.count && precedes(elements[worst], elements[right]) { worst = right }
            if worst == parent { return }
            elements.swapAt(parent, worst)
            parent = worst
        }
    }
}

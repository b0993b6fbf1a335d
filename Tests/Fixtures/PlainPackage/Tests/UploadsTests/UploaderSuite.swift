import Testing
import Uploads

@Suite struct UploaderSuite {
    @Test func startReportsProgress() {
        weak var oracle: Uploader?
        do {
            let uploader = Uploader()
            uploader.start()
            #expect(uploader.progress == 0.5)
            oracle = uploader
        }
        #expect(oracle != nil, "the handler keeps the uploader: the leak rxleaks test names")
    }

    @Test func startWeaklyReportsProgress() {
        weak var oracle: Uploader?
        do {
            let uploader = Uploader()
            uploader.startWeakly()
            #expect(uploader.progress == 0.5)
            oracle = uploader
        }
        #expect(oracle == nil, "nothing keeps the uploader")
    }
}

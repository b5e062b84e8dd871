# extract.rb records Rinku's own tests (test/autolink_test.rb, minitest)
# as peersuite cases. Loaded with -r before the test file (see run.sh),
# under the real library built from the repository's C source:
#
#   ruby -I STUB -I BUILD -I SRC/lib -r ./extract.rb SRC/test/autolink_test.rb
#
# Rinku.auto_link is wrapped: each call runs the real function and is
# recorded (input, mode, link_attr, skip_tags, flags, block, the test and
# line that called it). Minitest's assert_equal is wrapped: when one side
# is a recorded result, the other is the test's expectation, an HTML
# string; its <a href> links (those not already in the input) are the
# want, in order, as written (kind "email" for a mailto: href).
#
# After the run it writes OUT/cases.jsonl (OUT: the environment variable,
# else the current directory): the cases peersuite can compare, HTML
# inputs with html_input set; and OUT/cases-left-out.jsonl: calls with no
# expectation, that raised, whose assertion failed, or with an option
# urlgrep has no counterpart for (skip_tags, AUTOLINK_SHORT_DOMAINS), each
# with a note saying why.
require 'json'
require 'minitest'
require 'rinku'

module RinkuRec
  CALLS = []
  BY_RESULT = {} # result's object_id => call (the call keeps the result alive)

  Call = Struct.new(:test, :line, :in, :options, :result, :error,
                    :expected, :compared, :passed, keyword_init: true)

  # Rinku.auto_link(text, mode = :all, link_attr = nil, skip_tags = nil, flags = 0) { |link| text }
  module Wrap
    def auto_link(text, *args, &blk)
      loc = caller_locations.find { |l| l.path.end_with?('autolink_test.rb') && l.label =~ /test_\w+/ }
      return super unless loc
      mode, link_attr, skip_tags, flags = args
      opts = {}
      opts['mode'] = mode.to_s if mode && mode != :all
      opts['link_attr'] = link_attr if link_attr
      skip = skip_tags || Rinku.skip_tags
      opts['skip_tags'] = skip if skip
      opts['flags'] = 'AUTOLINK_SHORT_DOMAINS' if flags && flags & Rinku::AUTOLINK_SHORT_DOMAINS != 0
      opts['block'] = true if blk # changes only the link's text
      c = Call.new(test: loc.label[/test_\w+/], line: loc.lineno, in: text.dup, options: opts)
      CALLS << c
      begin
        r = super
      rescue => e
        c.error = "#{e.class}: #{e.message}"
        raise
      end
      c.result = r
      BY_RESULT[r.object_id] = c
      r
    end
  end
  Rinku.singleton_class.prepend(Wrap)

  # assert_equal(exp, act): tests write both orders.
  module Asserts
    def assert_equal(exp, act, msg = nil)
      call = other = nil
      [[act, exp], [exp, act]].each do |res, oth|
        c = BY_RESULT[res.object_id]
        next unless c && c.result.equal?(res)
        call, other = c, oth
        break
      end
      if call && !call.compared
        call.compared, call.expected = true, other
        begin
          super
          call.passed = true
        rescue Minitest::Assertion
          call.passed = false
          raise
        end
      else
        super
      end
    end
  end
  Minitest::Test.prepend(Asserts)

  A = %r{<a\s[^>]*?href="([^"]*)"[^>]*>(.*?)</a>}m

  ENT = { 'quot' => '"', 'amp' => '&', 'lt' => '<', 'gt' => '>', '#39' => "'" }.freeze

  # What CGI.escapeHTML (the test's generate_result) and Rinku escape.
  def self.unescape(s)
    s.gsub(/&(quot|amp|lt|gt|#39);/) { ENT[$1] }
  end

  # The links of html: [href (unescaped), text as written, tags dropped].
  def self.anchors(html)
    html.scan(A).map { |h, t| [unescape(h), t.gsub(/<[^>]*>/, '')] }
  end

  def self.html?(s)
    s.match?(%r{</?[A-Za-z][A-Za-z0-9]*[\s/>]|&(#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z]+);})
  end

  def self.write(out)
    counts = Hash.new(0)
    files = { true => 'cases.jsonl', false => 'cases-left-out.jsonl' }
    io = files.transform_values { |f| File.open(File.join(out, f), 'w') }
    seen = Hash.new(0)
    # In the file's order (minitest runs the tests in random order).
    calls = CALLS.each_with_index.sort_by { |c, i| [c.line, i] }.map(&:first)
    per_test = calls.group_by(&:test).transform_values(&:size)
    calls.each do |c|
      seen[c.test] += 1
      title = c.test + (per_test[c.test] > 1 ? " ##{seen[c.test]}" : '')
      input = c.in.dup.force_encoding('UTF-8').scrub
      why = []
      why << "raised #{c.error}" if c.error
      why << 'no expectation: no assert_equal with the result' if !c.error && !c.compared
      why << 'the expectation is not a string' if c.compared && !c.expected.is_a?(String)
      why << "the peer's own assertion failed" if c.compared && !c.passed
      odd = c.options.keys & %w[mode skip_tags flags]
      why << "options urlgrep has no counterpart for: #{odd.join(', ')}" unless odd.empty?
      want = []
      if c.compared && c.expected.is_a?(String)
        links = anchors(c.expected)
        anchors(input).each { |a| (i = links.index(a)) && links.delete_at(i) } # already linked
        want = links.map do |href, text|
          w = { 'text' => text, 'href' => href, 'kind' => href.start_with?('mailto:') ? 'email' : 'url' }
          if c.options['block'] # the block's text: the link as the input wrote it
            w['matched'] = [href, href.sub(/\Amailto:/, ''), href.sub(%r{\Ahttp://}, '')]
                           .find { |f| input.include?(f) || unescape(input).include?(f) } || href
          end
          w
        end
      end
      rec = { 'suite' => 'rinku', 'table' => 'test/autolink_test.rb', 'title' => title, 'line' => c.line,
              'in' => input, 'want' => want, 'options' => c.options, 'note' => why.join('; '),
              'html_input' => html?(input) }
      rec['note'] = 'input not valid UTF-8, scrubbed; ' + rec['note'] unless c.in.dup.force_encoding('UTF-8').valid_encoding?
      io[why.empty?].puts(JSON.generate(rec))
      counts[why.empty?] += 1
    end
    io.each_value(&:close)
    warn "rinku recorder: #{CALLS.size} calls; #{counts[true]} cases to #{out}/cases.jsonl, " \
         "#{counts[false]} to cases-left-out.jsonl"
  end
end

Minitest.after_run { RinkuRec.write(ENV['OUT'] || '.') }

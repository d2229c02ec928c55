<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
  <context>
    <name>shuimo::ui::BatchDialog</name>
    <message numerus="yes">
      <source>%n failed</source>
      <translation>
        <numerusform>%n failed</numerusform>
        <numerusform>%n failed</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n cancelled</source>
      <translation>
        <numerusform>%n cancelled</numerusform>
        <numerusform>%n cancelled</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n job(s) failed: the Status column says why. Retry Failed runs them again.</source>
      <translation>
        <numerusform>%n job failed: the Status column says why. Retry Failed runs them again.</numerusform>
        <numerusform>%n jobs failed: the Status column says why. Retry Failed runs them again.</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>All %n painting(s) are in %1.</source>
      <translation>
        <numerusform>All %n painting are in %1.</numerusform>
        <numerusform>All %n paintings are in %1.</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::BatchSetupView</name>
    <message numerus="yes">
      <source>%n photo(s)</source>
      <translation>
        <numerusform>%n photo</numerusform>
        <numerusform>%n photos</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n style(s)</source>
      <translation>
        <numerusform>%n style</numerusform>
        <numerusform>%n styles</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n preset(s)</source>
      <translation>
        <numerusform>%n preset</numerusform>
        <numerusform>%n presets</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n job(s)</source>
      <translation>
        <numerusform>%n job</numerusform>
        <numerusform>%n jobs</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::MainWindow</name>
    <message numerus="yes">
      <source>Added %n style(s)</source>
      <translation>
        <numerusform>Added %n style</numerusform>
        <numerusform>Added %n styles</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>Added %n photo(s)</source>
      <translation>
        <numerusform>Added %n photo</numerusform>
        <numerusform>Added %n photos</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::ParameterPanel</name>
    <message numerus="yes">
      <source>%1 px, %n iteration(s)</source>
      <translation>
        <numerusform>%1 px, %n iteration</numerusform>
        <numerusform>%1 px, %n iterations</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::PhotoStrip</name>
    <message numerus="yes">
      <source>%n painting(s)</source>
      <translation>
        <numerusform>%n painting</numerusform>
        <numerusform>%n paintings</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::RunPresenter</name>
    <message numerus="yes">
      <source>%1 × %2 px, %n level(s)</source>
      <translation>
        <numerusform>%1 × %2 px, %n level</numerusform>
        <numerusform>%1 × %2 px, %n levels</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>, the largest in %n tile(s) of up to %1 × %2</source>
      <translation>
        <numerusform>, the largest in %n tile of up to %1 × %2</numerusform>
        <numerusform>, the largest in %n tiles of up to %1 × %2</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%1: cancelled after %n iteration(s), before the last level: kept at %2 × %3 (right-click the version: Continue Painting).</source>
      <translation>
        <numerusform>%1: cancelled after %n iteration, before the last level: kept at %2 × %3 (right-click the version: Continue Painting).</numerusform>
        <numerusform>%1: cancelled after %n iterations, before the last level: kept at %2 × %3 (right-click the version: Continue Painting).</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%1: cancelled after %n iteration(s); the best image so far is kept.</source>
      <translation>
        <numerusform>%1: cancelled after %n iteration; the best image so far is kept.</numerusform>
        <numerusform>%1: cancelled after %n iterations; the best image so far is kept.</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%1: done, %n iteration(s) in %2 on %3 (%4).</source>
      <translation>
        <numerusform>%1: done, %n iteration in %2 on %3 (%4).</numerusform>
        <numerusform>%1: done, %n iterations in %2 on %3 (%4).</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n s</source>
      <translation>
        <numerusform>%n s</numerusform>
        <numerusform>%n s</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n min</source>
      <translation>
        <numerusform>%n min</numerusform>
        <numerusform>%n min</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::SessionActions</name>
    <message numerus="yes">
      <source>Remove %1 and its %n unexported painting(s) from the session?</source>
      <translation>
        <numerusform>Remove %1 and its %n unexported painting from the session?</numerusform>
        <numerusform>Remove %1 and its %n unexported paintings from the session?</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n painting(s) were neither exported nor saved in a session file.</source>
      <translation>
        <numerusform>%n painting were neither exported nor saved in a session file.</numerusform>
        <numerusform>%n paintings were neither exported nor saved in a session file.</numerusform>
      </translation>
    </message>
  </context>
  <context>
    <name>shuimo::ui::StudioModel</name>
    <message numerus="yes">
      <source>%n photo(s) will be painted with the settings of %1</source>
      <translation>
        <numerusform>%n photo will be painted with the settings of %1</numerusform>
        <numerusform>%n photos will be painted with the settings of %1</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%1, %n evaluation(s), %2 s</source>
      <translation>
        <numerusform>%1, %n evaluation, %2 s</numerusform>
        <numerusform>%1, %n evaluations, %2 s</numerusform>
      </translation>
    </message>
  </context>
</TS>
